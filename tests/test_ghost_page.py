"""Ghost in the room (RULES.md 14.5, "Room rules that follow"): what the page shows each
seat.  Against the computer the board never shows the computer's colours and the move list
shows both set-ups as "?"; two people at one device pass it after every move, the board
shown with no colour meanwhile.  The saved game keeps the whole record, sealed in storage; an
embedded board keeps the computer's set-up from its host page; a whole game by clicks (taps on
a phone), the set-up and an escape included."""

import re

import pytest

from conftest import OUTPUT
from tavoliere.core import load_game

from test_embed import hear_moves, host, open_boards  # noqa: F401 (host is a fixture)
from test_phone import SIZES
from test_room import SAVED_MOVES, YOUR_TURN, cell_presser, click_cell, full_record, view

pytestmark = pytest.mark.browser

SHOWN = """() => ({
  url: location.hash,
  list: document.getElementById('move-list').textContent,
  announcer: document.getElementById('announcer').textContent,
  message: document.getElementById('message').textContent,
  body: document.body.innerText,
})"""


def pieces(page):
    return page.evaluate("window.tavoliere.picture().pieces")


def labelled(page, rows):
    """The cells of rows ``rows`` whose piece shows a colour (a label: G or X)."""
    return {cell: token for cell, token in pieces(page).items()
            if cell[1] in rows and "=" in token}


def wait_plies(page, count):
    page.wait_for_function(f"n => !window.tavoliere.thinking() && {SAVED_MOVES}.length >= n",
                           arg=count, timeout=60_000)


def assert_not_stored(page, setups):
    """RULES.md 14.5, "the other player's set-up: never during the game": the page's storage
    keeps the record sealed, so neither set-up can be read there."""
    stored = page.evaluate("JSON.stringify(Object.entries(localStorage))")
    assert "tavoliere.games" in stored
    for setup in setups:
        assert setup not in stored, setup


def setup_text(record):
    return [move for move in record if re.fullmatch(r"(?:[a-f][1-6]){4}", move)]


def test_against_the_computer_its_colours_and_setup_stay_hidden(watch, server):
    """14.5 "the colours of his own ghosts: the opponent no, until captured or escaped";
    14.7 "Shown record during the game: the same with S0 and S1 shown as ?"."""
    page = watch.open(server + "#game=ghost&white=human&black=ai:1")
    assert set(labelled(page, "12")) == set()            # no set-up chosen yet
    for cell in ("e2", "b1", "d2", "c1"):                # four clicks, in any order
        click_cell(page, cell)
        page.wait_for_timeout(60)
    wait_plies(page, 2)                                  # the computer's set-up follows
    record = full_record(page)
    assert record[0] == "b1c1d2e2" and len(setup_text(record)) == 2
    assert view(page)["moves"][:2] == ["?", "?"]
    shown = page.evaluate(SHOWN)
    for setup in setup_text(record):
        assert setup not in str(shown), setup
    assert set(labelled(page, "12")) == {f + r for f in "bcde" for r in "12"}
    assert labelled(page, "56") == {}                    # the computer's colours: never
    assert re.sub(r"\s+", "", shown["list"]).startswith("??")
    assert_not_stored(page, setup_text(record))
    page.reload()                                        # the sealed record comes back whole
    page.evaluate("window.tavoliere.ready")
    page.wait_for_function("window.tavoliere.view().moves.length === 2")
    assert full_record(page) == record and view(page)["moves"] == ["?", "?"]
    assert labelled(page, "56") == {}
    assert watch.errors == []


def test_two_people_pass_the_device_after_every_move(watch, server):
    """14.5 "Two people at one device: after every move the board is shown without colours
    until the next player confirms that he holds the device"."""
    page = watch.open(server + "#game=ghost&white=human&black=human")
    for cell in ("b1", "c1", "d2", "e2"):
        click_cell(page, cell)
        page.wait_for_timeout(60)
    wait_plies(page, 1)
    take = page.locator("#move-buttons .take-device")
    take.wait_for()
    assert labelled(page, "123456") == {}                # nobody's colours while it changes hands
    assert "b1c1d2e2" not in str(page.evaluate(SHOWN))
    take.click()
    page.wait_for_function("window.tavoliere.view().to_move === 1 && !document.querySelector('.take-device')")
    page.wait_for_timeout(300)
    assert labelled(page, "123456") == {}                # White's hidden, Black's not chosen yet
    for cell in ("b5", "c5", "d6", "e6"):
        click_cell(page, cell)
        page.wait_for_timeout(60)
    wait_plies(page, 2)
    take.wait_for()
    assert labelled(page, "123456") == {}
    take.click()
    page.wait_for_timeout(500)
    assert view(page)["to_move"] == 0
    assert set(labelled(page, "12")) == {f + r for f in "bcde" for r in "12"}
    assert labelled(page, "56") == {}
    click_cell(page, "b2")
    click_cell(page, "b3")
    wait_plies(page, 3)
    take.wait_for()
    assert labelled(page, "123456") == {}
    assert full_record(page) == ["b1c1d2e2", "b5c5d6e6", "b2-b3"]
    assert view(page)["moves"] == ["?", "?", "b2-b3"]
    assert "b1c1d2e2" not in str(page.evaluate(SHOWN)) and "b5c5d6e6" not in str(page.evaluate(SHOWN))
    assert_not_stored(page, ["b1c1d2e2", "b5c5d6e6"])
    assert watch.errors == []


def test_a_random_set_up_is_one_button_and_stays_hidden(watch, server):
    """14.2.3 "A 'random set-up' button picks one of the 70 uniformly from the page's
    cryptographic source; it is still a sealed ply"; the button goes once the set-ups are made."""
    page = watch.open(server + "#game=ghost&white=human&black=ai:1")
    button = page.get_by_role("button", name="Random set-up")
    button.click()
    wait_plies(page, 2)
    record = full_record(page)
    cells = re.findall(r"[a-f][1-6]", record[0])
    assert len(set(cells)) == 4 and all(c[0] in "bcde" and c[1] in "12" for c in cells)
    assert view(page)["moves"][:2] == ["?", "?"]
    assert set(labelled(page, "12")) == {f + r for f in "bcde" for r in "12"}
    assert page.locator("#move-buttons .random-move").count() == 0
    assert watch.errors == []


EMBEDDED = """() => {
  const board = document.getElementById('g');
  return {
    record: board.record,
    text: board.shadowRoot.querySelector('.frame').innerText,
    aria: [...board.shadowRoot.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')),
    pieces: board.table.picture().pieces,
    events: window.seen,
    page: document.documentElement.outerHTML,
    storage: JSON.stringify(Object.entries(localStorage)),
    url: location.href,
  };
}"""


def test_an_embedded_board_never_shows_the_computers_colours(watch, host):
    """14.5 "the other player's set-up: never during the game", for a board embedded in an
    article: a random set-up, a step and the computer's replies; its set-up is not in the
    element's record, text, labels, pieces or move events, nor in the host page, its address
    or its storage."""
    board = '<tavoliere-board id="g" game="ghost" mode="play" white="human" black="ai:1"></tavoliere-board>'
    page = watch.page
    open_boards(page, host("ghost.html", board))
    hear_moves(page, "g")
    page.locator("#g .random-move").click(timeout=60_000)
    settled = "n => { const t = document.getElementById('g').table; return t.history.moves.length >= n && !t.thinking; }"
    page.wait_for_function(settled, arg=2, timeout=60_000)
    own, theirs = page.evaluate("document.getElementById('g').table.history.moves.slice(0, 2)")
    assert re.fullmatch(r"(?:[b-e][12]){4}", own) and re.fullmatch(r"(?:[b-e][56]){4}", theirs)
    page.evaluate("""() => {
        const table = document.getElementById('g').table;
        table.play(table.view.legal.find((m) => /^[a-f]2-[a-f]3$/.test(m.name)).name);
    }""")
    page.wait_for_function(settled, arg=4, timeout=60_000)
    shown = page.evaluate(EMBEDDED)
    assert shown["record"]["moves"][:2] == ["?", "?"] and len(shown["record"]["moves"]) == 4
    assert {cell for cell, token in shown["pieces"].items() if cell[1] in "56" and "=" in token} == set()
    assert [e["move"] for e in shown["events"]][:2] == ["?", "?"]
    assert [e["ply"] for e in shown["events"]] == [1, 2, 3, 4]
    cells = re.findall(r"[b-e][56]", theirs)
    for where, text in shown.items():
        if where != "pieces":
            assert theirs not in str(text), where
            assert " ".join(cells) not in str(text), where
    assert watch.errors == []


WHITE_EXITS = ("a6", "f6")


def distance(a, b):
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1]) - int(b[1]))


def racer(legal, pieces):
    """The test's player, who knows his own colours: an exit; else a good ghost's step towards
    an exit, onto a cell no opposing ghost touches where there is one (the nearest first);
    else any step onto such a cell; else the first move."""
    names = sorted(legal)
    exits = [m for m in names if m.endswith("-out")]
    if exits:
        return exits[0]
    theirs = {cell for cell, token in pieces.items() if "=" not in token}
    good = {cell for cell, token in pieces.items() if token.endswith("=G")}
    steps = [m for m in names if "-" in m]
    safe = [m for m in steps if all(distance(m[3:5], c) > 1 for c in theirs)]
    def nearer(m):
        return min(distance(m[3:5], e) for e in WHITE_EXITS) < min(distance(m[:2], e) for e in WHITE_EXITS)
    home = [m for m in safe if m[:2] in good and nearer(m)] or [m for m in steps if m[:2] in good and nearer(m)]
    if home:
        return min(home, key=lambda m: min(distance(m[3:5], e) for e in WHITE_EXITS))
    return (safe or names)[0]


def clicker(page, size):
    """Press a cell as the size does: a click at the desk, a tap on the phone."""
    press = cell_presser(size)

    def click(cell):
        press(page, cell)
        page.wait_for_timeout(60)
    return click


@pytest.mark.parametrize("size", ["desk", "portrait"])
def test_a_whole_game_against_level_1_by_clicks(returning, server, size):
    """14.2 and 14.6 at 1366x800 and on a 390x844 phone with touch: the set-up by four clicks
    (taps), then moves by clicks until the game ends as the rule book says; both set-ups are
    shown at the end (14.7)."""
    page = returning(**SIZES[size]).new_page()
    page.goto(server + "#game=ghost&white=human&black=ai:1")
    page.evaluate("window.tavoliere.ready")
    click = clicker(page, size)
    for cell in ("b1", "c1", "d2", "e2"):                # bad: b1 c1 d2 e2; good: b2 c2 d1 e1
        click(cell)
    page.wait_for_function(f"{SAVED_MOVES}.length >= 2 && ({YOUR_TURN})", timeout=60_000)
    while not view(page)["outcome"]:
        moves = {m["name"]: m["clicks"] for m in page.evaluate("window.tavoliere.legalMoves()")}
        before = len(full_record(page))
        for cell in moves[racer(moves, pieces(page))]:
            click(cell)
        page.wait_for_function(f"n => {SAVED_MOVES}.length > n && ({YOUR_TURN})", arg=before, timeout=60_000)
    record = full_record(page)
    game = load_game("ghost")
    outcome = game.outcome(game.replay(record))
    assert view(page)["outcome"]["winner"] == outcome.winner and view(page)["outcome"]["reason"] == outcome.reason
    assert record[0] == "b1c1d2e2" and view(page)["moves"][:2] == record[:2]   # both set-ups shown
    page.screenshot(path=str(OUTPUT / f"ghost-end-{size}.png"))
    page.context.close()


# White's good ghost walked from b2 to a6, Black's steps far from it: White to move.
TO_THE_EXIT = "b1c1d2e2,b5c5d6e6,b2-a2,e5-e4,a2-a3,e4-e3,a3-a4,d5-d4,a4-a5,d4-d3,a5-a6,e3-f3"


@pytest.mark.parametrize("size", ["desk", "portrait"])
def test_an_escape_is_clicked_as_the_ghost_then_its_arrow(returning, server, size):
    """14.4.3 "a good ghost that stands on one of the opponent's two corner cells at the start
    of the mover's turn may, as his move, leave the board": clicked (tapped) as the ghost on
    a6, then the arrow beyond it; the exit wins (14.6)."""
    page = returning(**SIZES[size]).new_page()
    page.goto(server + f"#game=ghost&white=human&black=ai:1&moves={TO_THE_EXIT}")
    page.evaluate("window.tavoliere.ready")
    page.wait_for_function(f"window.tavoliere.view().moves.length === 12 && ({YOUR_TURN})")
    click = clicker(page, size)
    click("a6")
    click("a7")
    page.wait_for_function("window.tavoliere.view().outcome")
    outcome = view(page)["outcome"]
    assert (outcome["winner"], outcome["reason"], outcome["cells"]) == (0, "exit", ["a6"])
    assert full_record(page)[-1] == "a6-out"
    assert "wins" in page.locator("#turn").text_content()
    page.screenshot(path=str(OUTPUT / f"ghost-escape-{size}.png"))
    page.context.close()
