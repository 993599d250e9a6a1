"""Problems on the page (issue 39): in the room's Problems dialog and in an embedded board of
the example article, at 1366x800 and on a 390x844 phone with touch: a problem solved, a
wrong try refuted, shown and taken back, the same problem in the article, and a composition
whose cooks are reported.  Screenshots in test-output/."""

import pytest

from conftest import NO_WELCOME, OUTPUT, PageWatch
from test_phone import SIZES as PHONE_SIZES
from tavoliere.solving import problem_id

pytestmark = pytest.mark.browser

# a shipped Barrier win in 3 (tests/test_solving.py): White (c3) must leave Black (e7) no move
POSITION = "pawn.0:c3;block:c4,a5,b5,c5,d5,e5,a6,d6,e6,a7,c7,d7;pawn.1:e7 w ply=6"
ID = problem_id("barrier", POSITION)
LINE = ["c3-d3-e3-e4", "e7-f7-g7-g6", "e4-f4-f3-f2", "g6-g5-g4-h4", "f2-g2-h2-h1"]
WRONG = "c3-c2-c1-b1"   # refuted by e7-f7-f6-f5: White no longer wins in 2

SIZES = {
    "desk": dict(viewport={"width": 1366, "height": 800}),
    "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                  device_scale_factor=2),
}


# the phone's run is under `slow` (python3 build.py test --slow): the suite's time
@pytest.fixture(params=[size if size != "phone" else pytest.param(size, marks=pytest.mark.slow)
                        for size in SIZES])
def sized(request, returning):
    context = returning(**SIZES[request.param])
    context.add_init_script(NO_WELCOME)
    yield request.param, PageWatch(context)
    context.close()


def tap(page, size, point):
    if size == "phone":
        page.touchscreen.tap(point["x"], point["y"])
    else:
        page.mouse.click(point["x"], point["y"])


# -- the room's dialog ---------------------------------------------------------------------
SOLVER = "document.getElementById('problems-dialog').problems"


def room_state(page):
    return page.evaluate(f"""() => {{
        const s = {SOLVER}, t = s.solver.table;
        return {{phase: s.solver.phase, ply: t.view.ply, moves: t.view.moves, pieces: t.view.pieces,
                 status: document.getElementById('problem-status').textContent,
                 stipulation: document.getElementById('problem-stipulation').textContent}};
    }}""")


def play_in_room(page, size, move):
    """Play ``move`` by tapping its cells on the dialog's board, as a reader does."""
    tap_move(page, size, f"{SOLVER}.solver.table", f"{SOLVER}.board", move)


def tap_move(page, size, table, board, move, clicks=None):
    """Tap the cells of ``move`` (its clicks, or those given) until the table has played it
    (a move with one way to go plays before its last cell is tapped)."""
    clicks = clicks or page.evaluate(f"name => {table}.view.legal.find(m => m.name === name).clicks", move)
    ply = page.evaluate(f"{table}.view.ply")
    for cell in clicks:
        page.wait_for_function(f"{table}.humanToMove() || {table}.view.ply !== {ply}")
        if page.evaluate(f"{table}.view.ply") != ply:
            break
        tap(page, size, page.evaluate(f"cell => {board}.cellCenter(cell)", cell))
    page.wait_for_function(f"{table}.view.ply !== {ply}", timeout=30_000)
    assert page.evaluate(f"{table}.view.moves[{ply}]") == move


def open_shipped_problem(page, game="barrier", problem=ID):
    """Problems, then the shipped problem ``problem`` of ``game``, ready to be solved."""
    page.click("#problems")
    page.wait_for_function("document.getElementById('problem-stipulation').textContent !== ''", timeout=120_000)
    page.select_option("#problems-game", game)
    page.wait_for_function(f"[...document.getElementById('problems-list').options].some(o => o.value === '{problem}')")
    page.select_option("#problems-list", problem)
    # the problem is on view, and its position too (the table's view arrives a moment after)
    page.wait_for_function(f"({SOLVER}.solver.problem || {{}}).id === '{problem}' && {SOLVER}.solver.phase === 'solving'"
                           f" && ({SOLVER}.solver.table.view || {{}}).game?.split('(')[0] === '{game}'",
                           timeout=60_000)


def wait_phase(page, phase, timeout=60_000):
    page.wait_for_function(f"{SOLVER}.solver.phase === '{phase}'", timeout=timeout)


def test_a_problem_is_solved_and_a_wrong_try_refuted_in_the_room(sized, server):
    size, watch = sized
    page = watch.open(server)
    open_shipped_problem(page)
    state = room_state(page)
    assert state["stipulation"] == "White to play and win in 3 moves"
    assert state["pieces"]["c3"] == "pawn.0" and state["ply"] == 0
    page.screenshot(path=str(OUTPUT / f"problem-room-{size}-start.png"))

    # the key, then each move of the main line: the computer answers with the longest defence
    for ply in (0, 2):
        play_in_room(page, size, LINE[ply])
        page.wait_for_function(f"{SOLVER}.solver.table.view.ply === {ply + 2} && {SOLVER}.solver.phase === 'solving'",
                               timeout=60_000)
        assert room_state(page)["moves"] == LINE[:ply + 2]
    assert "Right" in room_state(page)["status"]
    play_in_room(page, size, LINE[4])
    wait_phase(page, "solved")
    state = room_state(page)
    assert state["status"].startswith("Solved!") and state["moves"] == LINE
    page.screenshot(path=str(OUTPUT / f"problem-room-{size}-solved.png"))
    assert page.evaluate("JSON.parse(localStorage.getItem('tavoliere.problems'))")[f"barrier:{ID}"] == "solved"
    assert "✓" in page.evaluate("document.getElementById('problems-list').selectedOptions[0].textContent")

    # again from the start: a wrong try is answered, shown with why, then taken back
    page.click("#problem-again")
    wait_phase(page, "solving")
    play_in_room(page, size, WRONG)
    wait_phase(page, "refuted")
    state = room_state(page)
    assert state["moves"] == [WRONG, "e7-f7-f6-f5"]
    assert state["status"] == ("c3-c2-c1-b1 does not win: after e7-f7-f6-f5, White cannot win "
                               "in the 2 moves left.")
    page.wait_for_function(f"!{SOLVER}.board.animating")
    page.screenshot(path=str(OUTPUT / f"problem-room-{size}-refuted.png"))
    page.wait_for_function(f"{SOLVER}.solver.phase === 'solving' && {SOLVER}.solver.table.view.ply === 0")
    state = room_state(page)
    assert state["pieces"]["c3"] == "pawn.0" and "taken back" in state["status"]
    page.screenshot(path=str(OUTPUT / f"problem-room-{size}-taken-back.png"))
    # a clean solution stays kept; the solution can be shown at any time
    page.click("#problem-show")
    wait_phase(page, "shown")
    page.wait_for_function("document.getElementById('problem-status').textContent.startsWith('Solution')")
    assert room_state(page)["status"] == ("Solution: 1. c3-d3-e3-e4 e7-f7-g7-g6 "
                                          "2. e4-f4-f3-f2 g6-g5-g4-h4 3. f2-g2-h2-h1")
    assert page.evaluate("JSON.parse(localStorage.getItem('tavoliere.problems'))")[f"barrier:{ID}"] == "solved"
    assert watch.errors == []


def test_a_composition_from_the_room_reports_its_cooks(watch, server):
    # Barrier 5x5 after c3 a1: two first moves win at once
    page = watch.open(server + "#game=barrier(size=5)&moves=c3,a1")
    page.wait_for_function("window.tavoliere.view() && window.tavoliere.view().moves.length === 2", timeout=60_000)
    page.click("#problems")
    page.click("#compose summary")
    page.select_option("#compose-goal", "1")
    page.click("#compose-prove")
    page.wait_for_function("document.getElementById('compose-link').value !== ''", timeout=60_000)
    said = page.text_content("#compose-result")
    assert said.startswith("Cooked: 2 keys win (c3-b3-b2-b1, c3-c2-b2-a2).")
    assert page.input_value("#compose-link").endswith(
        "web/embed.html#game=barrier%28size%3D5%29&mode=problem&position=pawn.1%3Aa1%3Bpawn.0%3Ac3+w+ply%3D2&goal=win%3A1")
    assert 'mode="problem" goal="win:1"' in page.input_value("#compose-embed")
    page.locator("#compose").scroll_into_view_if_needed()
    page.screenshot(path=str(OUTPUT / "problem-compose-cooked.png"))
    assert watch.errors == []


# -- the article's embedded board ----------------------------------------------------------
def test_the_same_problem_is_solved_in_the_article(sized, server):
    size, watch = sized
    page = watch.page
    page.goto(server + "web/article.html")
    page.evaluate("customElements.whenDefined('tavoliere-board')")
    board = "document.getElementById('problema')"
    # the stipulation is read from the attributes, before the engine starts
    page.wait_for_function(f"{board}.shadowRoot.querySelector('.stipulation')")
    assert page.evaluate(f"{board}.shadowRoot.querySelector('.stipulation').textContent") == \
        "Il Bianco muove e vince in 3 mosse"
    page.locator("#problema").scroll_into_view_if_needed()
    page.wait_for_function(f"{board}.solver && {board}.solver.phase === 'solving' && {board}.solver.table.humanToMove()",
                           timeout=120_000)
    page.wait_for_function(f"{board}.shadowRoot.querySelector('.stipulation').textContent !== ''")
    heading = page.evaluate(f"{board}.shadowRoot.querySelector('.stipulation').textContent")
    assert heading == "Il Bianco muove e vince in 3 mosse"

    def play(move):
        tap_move(page, size, f"{board}.solver.table", f"{board}.board", move)

    play(WRONG)
    page.wait_for_function(f"{board}.solver.phase === 'refuted'", timeout=60_000)
    status = page.evaluate(f"{board}.shadowRoot.querySelector('.status').textContent")
    assert status == "c3-c2-c1-b1 non vince: dopo e7-f7-f6-f5 il Bianco non vince più nelle 2 mosse rimaste."
    page.wait_for_function(f"!{board}.board.animating")
    page.locator("#problema").screenshot(path=str(OUTPUT / f"problem-article-{size}-refuted.png"))
    page.wait_for_function(f"{board}.solver.phase === 'solving' && {board}.solver.table.view.ply === 0")
    for ply in (0, 2, 4):
        play(LINE[ply])
        if ply < 4:
            page.wait_for_function(f"{board}.solver.table.view.ply === {ply + 2} && {board}.solver.phase === 'solving'",
                                   timeout=60_000)
    page.wait_for_function(f"{board}.solver.phase === 'solved'", timeout=60_000)
    status = page.evaluate(f"{board}.shadowRoot.querySelector('.status').textContent")
    assert status == "f2-g2-h2-h1 vince: risolto, dopo un tentativo sbagliato."
    page.locator("#problema").screenshot(path=str(OUTPUT / f"problem-article-{size}-solved.png"))
    assert watch.errors == []


def test_a_game_without_problems_says_so(watch, server):
    page = watch.open(server)
    page.click("#problems")
    page.wait_for_function("document.getElementById('problem-stipulation').textContent !== ''", timeout=120_000)
    page.select_option("#problems-game", "dadi")
    page.wait_for_function("document.getElementById('problems-dialog').dataset.empty === 'true'")
    assert page.text_content("#problem-status") == "There are no problems for Dadi yet."
    assert not page.locator("#problem-board").is_visible()
    page.select_option("#problems-game", "layli")
    page.wait_for_function(f"{SOLVER}.solver.problem && {SOLVER}.solver.problem.spec === 'layli'"
                           " && document.getElementById('problems-dialog').dataset.empty === 'false'", timeout=60_000)
    assert page.locator("#problem-board").is_visible()
    page.wait_for_function("document.getElementById('problem-stipulation').textContent !== ''")
    assert page.text_content("#problem-stipulation").endswith("to play and win in " + str(
        page.evaluate(f"{SOLVER}.solver.problem.n")) + (" move" if page.evaluate(f"{SOLVER}.solver.problem.n") == 1 else " moves"))
    assert watch.errors == []


# -- Go: the goal capture:N (task "goprob") --------------------------------------------------
def test_go_problem_of_the_day_opens_with_the_capture_stipulation(sized, server):
    """Go's problem of the day in the room: "Black to play and capture in N moves"; its key,
    tapped, is right (or solves it at once)."""
    from tavoliere import problems
    size, watch = sized
    today = problems.problem_of_the_day("go")
    page = watch.open(server)
    page.click("#problems")
    page.wait_for_function("document.getElementById('problem-stipulation').textContent !== ''", timeout=120_000)
    page.select_option("#problems-game", "go")
    page.wait_for_function(f"({SOLVER}.solver.problem || {{}}).spec === 'go(size=9)' && {SOLVER}.solver.phase === 'solving'",
                           timeout=120_000)
    page.wait_for_function("document.getElementById('problem-stipulation').textContent.includes('capture')")
    player = "Black" if today["position"].split()[1] == "w" else "White"
    moves = "1 move" if today["n"] == 1 else f"{today['n']} moves"
    assert room_state(page)["stipulation"] == f"{player} to play and capture in {moves}"
    assert page.evaluate(f"{SOLVER}.solver.problem.position") == today["position"]
    assert page.evaluate("document.getElementById('problems-list').value").startswith("today:")
    page.screenshot(path=str(OUTPUT / f"problem-go-{size}-today.png"))
    play_in_room(page, size, today["key"])
    page.wait_for_function(f"['solved', 'solving'].includes({SOLVER}.solver.phase) && {SOLVER}.solver.table.view.ply > 0"
                           f" && ({SOLVER}.solver.phase === 'solved' || {SOLVER}.solver.table.view.ply === 2)", timeout=60_000)
    status = room_state(page)["status"]
    assert status.startswith("Solved!" if today["n"] == 1 else "Right: " + today["key"]), status
    page.screenshot(path=str(OUTPUT / f"problem-go-{size}-key.png"))
    assert watch.errors == []


def test_a_go_composition_offers_the_capture_goal(watch, server):
    """The composer offers "Goal: capture in" for Go, its only goal (a game of Go ends only
    when both pass: no win comes); the position of GNU Go's game 0 before ply 25
    (tests/data/gnugo) is a capture in 2 with one key."""
    moves = "f5,g1,g3,f7,d7,e6,c5,c3,d4,d3,f6,e7,d8,g8,f2,b4,b5,b2,h6,e3,f3,e2,f1,a5"
    page = watch.open(server + f"#game=go(size=9)&moves={moves}")
    page.wait_for_function("window.tavoliere.view() && window.tavoliere.view().moves.length === 24", timeout=60_000)
    page.click("#problems")
    page.click("#compose summary")
    page.wait_for_function("document.getElementById('compose-goal-words').textContent === 'Goal: capture in'",
                           timeout=60_000)
    assert not page.locator("#compose-kind").is_visible()
    assert page.input_value("#compose-kind") == "capture"
    page.select_option("#compose-goal", "2")
    page.click("#compose-prove")
    page.wait_for_function("document.getElementById('compose-link').value !== ''", timeout=60_000)
    assert page.text_content("#compose-result").startswith("Sound: h1 is the only key.")
    assert page.input_value("#compose-link").endswith("&goal=capture%3A2")
    assert 'mode="problem" goal="capture:2"' in page.input_value("#compose-embed")
    page.locator("#compose").scroll_into_view_if_needed()
    page.screenshot(path=str(OUTPUT / "problem-go-compose.png"))
    assert watch.errors == []


def test_an_embedded_go_problem_says_capture_in_italian(watch, server):
    """The link a composition gives, in Italian: the stipulation read from the attributes,
    then the key played and answered."""
    from urllib.parse import urlencode
    position = ("stone.0:f1,f2,f3,g3,d4,b5,c5,f5,f6,h6,d7,d8;"
                "stone.1:g1,b2,e2,c3,d3,e3,b4,a5,e6,e7,f7,g8 w prisoners_black=0 prisoners_white=0")
    fields = urlencode({"game": "go(size=9)", "mode": "problem", "position": position,
                        "goal": "capture:2", "lang": "it"})
    page = watch.page
    # embed.html names no icon: the browser's own request for /favicon.ico is no page error
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.set_viewport_size({"width": 480, "height": 800})   # the whole board in view
    page.goto(server + "web/embed.html#" + fields)
    board = "document.querySelector('tavoliere-board')"
    page.wait_for_function(f"{board} && {board}.shadowRoot && {board}.shadowRoot.querySelector('.stipulation')", timeout=60_000)
    assert page.evaluate(f"{board}.shadowRoot.querySelector('.stipulation').textContent") == \
        "Il Nero muove e cattura in 2 mosse"
    page.wait_for_function(f"{board}.solver && {board}.solver.phase === 'solving' && {board}.solver.table.humanToMove()",
                           timeout=120_000)
    tap_move(page, "desk", f"{board}.solver.table", f"{board}.board", "h1")
    page.wait_for_function(f"{board}.solver.table.view.ply === 2 && {board}.solver.phase === 'solving'", timeout=60_000)
    status = page.evaluate(f"{board}.shadowRoot.querySelector('.status').textContent")
    assert status == "Giusto: h1. La difesa risponde g2: ora cattura in 1."
    page.screenshot(path=str(OUTPUT / "problem-go-embed.png"))


def tap_plop(page, size, move):
    """Tap a Pferdeäppel ply on the dialog's board: the destination, then the extra apple's
    cell, or the destination again for none (a ply with no extra to follow plays at once)."""
    cells = move.split("/")
    tap_move(page, size, f"{SOLVER}.solver.table", f"{SOLVER}.board", move,
             cells if len(cells) == 2 else cells * 2)


def test_a_plop_problem_is_solved_in_the_room(sized, server):
    """Pferdeäppel's collection in the dialog: a win in 2 solved by tapping its main line."""
    from tavoliere import problems
    size, watch = sized
    problem = next(p for p in problems.collection("plop") if p["n"] == 2)
    pid = problem_id("plop", problem["position"])
    page = watch.open(server)
    open_shipped_problem(page, "plop", pid)
    mover = "White" if problem["position"].split()[1] == "w" else "Brown"
    assert room_state(page)["stipulation"] == f"{mover} to play and win in 2 moves"
    page.screenshot(path=str(OUTPUT / f"problem-plop-{size}-start.png"))
    line = problem["line"]
    tap_plop(page, size, line[0])
    page.wait_for_function(f"{SOLVER}.solver.table.view.ply === 2 && {SOLVER}.solver.phase === 'solving'",
                           timeout=60_000)
    assert room_state(page)["moves"] == line[:2]
    tap_plop(page, size, line[2])
    wait_phase(page, "solved")
    page.wait_for_function(f"{SOLVER}.solver.table.view && !{SOLVER}.board.animating")
    state = room_state(page)
    assert state["status"].startswith("Solved!")
    page.screenshot(path=str(OUTPUT / f"problem-plop-{size}-solved.png"))
    # the brown horse on its last square (a catch, or White left with no safe square), the
    # apples still on the board
    assert state["pieces"][line[2].split("/")[0]] == "knight.1"
    assert list(state["pieces"].values()).count("counter") >= 10
    assert watch.errors == []


def test_held_sideways_the_board_and_the_buttons_are_in_view_together(returning, server):
    """A phone held sideways (844x390): the problem's board stands at the screen's height
    beside the stipulation and the buttons, and the key is played by taps.  Stacked, the
    board was 195 px high and every button under it out of sight."""
    context = returning(**PHONE_SIZES["landscape"])
    context.add_init_script(NO_WELCOME)
    watch = PageWatch(context)
    page = watch.open(server)
    open_shipped_problem(page)
    board = page.locator("#problem-board").bounding_box()
    show = page.locator("#problem-show").bounding_box()
    assert board["height"] >= 280 and board["y"] + board["height"] <= 390, board
    assert show["y"] + show["height"] <= 390 and show["x"] >= board["x"] + board["width"], show
    play_in_room(page, "phone", LINE[0])
    page.wait_for_function(f"{SOLVER}.solver.table.view.ply === 2", timeout=60_000)
    assert "Right" in room_state(page)["status"]
    page.screenshot(path=str(OUTPUT / "problem-room-sideways.png"))
    assert watch.errors == []
    context.close()
