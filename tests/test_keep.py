"""Keeping games (issue 37, part 6) in a real Chromium: one game in two tabs loses neither
tab's moves, the saved-games list speaks the page's language, and Back and Forward move
between the games opened without an alarming message."""

import json
import re

import pytest

from conftest import NO_WELCOME, OUTPUT, click_more
from test_keeping import TWO_PEOPLE, play, view

pytestmark = pytest.mark.browser
ITALIAN_DATE = re.compile(r"\b\d{1,2} (gen|feb|mar|apr|mag|giu|lug|ago|set|ott|nov|dic) \d{4}\b")


def saved_records(page):
    return sorted(entry["moves"] for entry in json.loads(page.evaluate("localStorage.getItem('tavoliere.games')")))


def open_tab(context, url):
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.evaluate("window.tavoliere.ready")
    return page, errors


def test_two_tabs_on_one_game_lose_neither_tabs_moves(watch, server):
    """Both tabs of one browser play the same saved game: the tab whose record another tab
    has moved on says so, in the page, and its own move is kept as a separate saved game;
    the other tab goes on saving its game under its own key."""
    first = watch.open(server + "#game=havannah(size=5)" + TWO_PEOPLE)
    play(first, "c3")
    second, errors = open_tab(first.context, first.url)  # the same link in a second tab
    assert view(second)["moves"] == ["c3"]
    assert second.locator("#keep-notice").is_hidden()
    play(first, "e5")
    second.wait_for_selector("#keep-notice", state="visible")  # told before any move there
    OUTPUT.mkdir(exist_ok=True)
    second.locator(".panel").screenshot(path=str(OUTPUT / "keep-two-tabs.png"))
    notice = second.locator("#keep-notice").text_content()
    assert "another tab" in notice and "moves: 2 there, 1 here" in notice
    assert second.get_by_role("button", name="Open the newer record").is_visible()
    play(second, "b2")  # played in the stale tab: kept apart, nothing overwritten
    second.wait_for_function("document.getElementById('keep-text').textContent.includes('separate game')")
    assert saved_records(first) == [["c3", "b2"], ["c3", "e5"]]
    play(first, "d4")  # the first tab still owns its game
    assert saved_records(first) == [["c3", "b2"], ["c3", "e5", "d4"]]
    assert first.locator("#keep-notice").is_hidden() and first.locator("#message").text_content() == ""
    play(second, "a1")  # and the second tab goes on in its own
    assert saved_records(first) == [["c3", "b2", "a1"], ["c3", "e5", "d4"]]
    second.reload()  # the second tab's entry in its history now names its own game
    second.evaluate("window.tavoliere.ready")
    assert view(second)["moves"] == ["c3", "b2", "a1"]
    # "Open the newer record" in a stale tab shows the other tab's game
    play(first, "f6")
    # A tab's storage learns another tab's write a moment later (Chromium keeps a copy in each
    # renderer): a person pastes the link seconds after the move, the test at once, and a
    # tab that had not yet seen f6 stored would rightly open the link as a game of its own.
    second.wait_for_function("JSON.parse(localStorage.getItem('tavoliere.games')).some((game) => game.moves.includes('f6'))")
    second.goto(first.url)  # the first tab's link, pasted: the same saved game
    second.evaluate("window.tavoliere.ready")
    second.wait_for_function("window.tavoliere.view().moves.length === 4")
    play(first, "f5")
    second.wait_for_selector("#keep-notice", state="visible")
    second.get_by_role("button", name="Open the newer record").click()
    second.wait_for_function("window.tavoliere.view().moves.join() === 'c3,e5,d4,f6,f5'")
    assert second.locator("#keep-notice").is_hidden()
    assert watch.errors == [] and errors == []


def test_a_move_stored_by_another_tab_while_this_one_opens_the_game_is_not_taken_for_its_own(returning, server):
    """A second tab reads the saved game, then waits for its board and engine; a move the
    first tab stores meanwhile is the first tab's: once open, the second tab says its record
    has moved on, and its own move is kept apart, not saved over the first tab's.  (The
    second tab's board file is held back to make that wait as long as on a slow phone; the
    service worker is blocked so that the board is fetched from the server.)"""
    context = returning(viewport={"width": 1200, "height": 900}, service_workers="block")
    context.add_init_script(NO_WELCOME)
    try:
        first = context.new_page()
        first.goto(server + "#game=havannah(size=5)" + TWO_PEOPLE)
        first.evaluate("window.tavoliere.ready")
        play(first, "c3")
        second = context.new_page()
        errors = []
        second.on("pageerror", lambda e: errors.append(str(e)))
        held, seen = [], []

        def board_file(route):                # the first board drawn, the game's held back
            seen.append(route)
            if len(seen) == 2:
                held.append(route)
            else:
                route.continue_()
        second.route("**/boards/havannah-size-5.json", board_file)
        second.goto(first.url, wait_until="commit")
        while not held:
            second.wait_for_timeout(50)
        play(first, "e5")                     # stored while the second tab waits
        assert saved_records(first) == [["c3", "e5"]]
        held[0].continue_()
        second.evaluate("window.tavoliere.ready")
        second.wait_for_function("window.tavoliere.view().moves.join() === 'c3'")
        second.wait_for_selector("#keep-notice", state="visible")
        assert "moves: 2 there, 1 here" in second.locator("#keep-notice").text_content()
        # the whole notice shows at once, its text and its buttons (not cut by a box's height)
        second.locator("#keep-notice").scroll_into_view_if_needed()
        assert second.evaluate("""() => ['keep-text', 'keep-take-over', 'keep-newer'].every(id => {
            const box = document.getElementById(id).getBoundingClientRect();
            const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return hit !== null && document.getElementById(id).contains(hit); })""")
        play(second, "b2")
        second.wait_for_function("document.getElementById('keep-text').textContent.includes('separate game')")
        assert saved_records(first) == [["c3", "b2"], ["c3", "e5"]]
        assert errors == []
    finally:
        context.close()


def test_taking_a_game_over_keeps_the_other_tabs_record_apart(watch, server):
    first = watch.open(server + "#game=havannah(size=5)" + TWO_PEOPLE)
    play(first, "c3")
    second, errors = open_tab(first.context, first.url)
    play(first, "e5")
    second.wait_for_selector("#keep-notice", state="visible")
    second.get_by_role("button", name="Take over here").click()
    assert second.locator("#keep-notice").is_hidden()
    assert "separate saved game" in second.locator("#message").text_content()
    assert saved_records(second) == [["c3"], ["c3", "e5"]]
    first.wait_for_selector("#keep-notice", state="visible")  # now the first tab is the stale one
    assert "moves: 1 there, 2 here" in first.locator("#keep-notice").text_content()
    play(second, "b2")
    assert saved_records(second) == [["c3", "b2"], ["c3", "e5"]]
    assert watch.errors == [] and errors == []


def test_the_saved_games_list_speaks_the_pages_language(watch, server):
    watch.page.context.add_init_script("localStorage.setItem('tavoliere.lang', 'it')")
    page = watch.open(server + "#game=havannah(size=5)&white=human&black=ai:1")
    play(page, "c3")
    page.wait_for_function("window.tavoliere.view().moves.length === 2")  # the computer answered
    page.goto(page.url.split("#")[0] + "#game=barrier(size=6)" + TWO_PEOPLE)
    page.evaluate("window.tavoliere.ready")
    page.wait_for_function("window.tavoliere.view().game === 'barrier(size=6)'")
    page.on("dialog", lambda dialog: dialog.accept())
    play(page, "b2")
    page.locator("#resign").click()
    page.wait_for_function("window.tavoliere.view().outcome !== null")
    click_more(page, "#saved")
    entries = page.locator("#saved-list li")
    assert entries.count() == 2
    resigned, playing = (entries.nth(i).locator("span").text_content() for i in range(2))
    assert resigned.startswith("Barrier, 6×6")
    assert "Umano – Umano" in resigned and "Vince il Bianco: il Nero ha abbandonato" in resigned
    assert "1 semimossa" in resigned and ITALIAN_DATE.search(resigned)
    assert playing.startswith("Havannah, lato 5") and "(size=" not in playing
    assert "Tu – Computer, livello 1" in playing and "Tocca al Bianco" in playing
    assert "2 semimosse" in playing and ITALIAN_DATE.search(playing)
    OUTPUT.mkdir(exist_ok=True)
    page.locator("#saved-dialog").screenshot(path=str(OUTPUT / "keep-saved-it.png"))
    assert watch.errors == []


def test_back_and_forward_return_to_each_game_opened(watch, server):
    page = watch.open(server + "#game=barrier(size=6)" + TWO_PEOPLE)
    play(page, "b2", "e5")
    page.goto(server + "#game=havannah(size=5)" + TWO_PEOPLE)  # a second game, from a link
    page.evaluate("window.tavoliere.ready")
    page.wait_for_function("window.tavoliere.view().game === 'havannah(size=5)'")
    play(page, "c3")
    click_more(page, "#saved")  # a third opening: the first game again, from the list
    page.locator("#saved-list li").nth(1).get_by_role("button", name="Open").click()
    page.wait_for_function("window.tavoliere.view().game === 'barrier(size=6)'")
    play(page, "b2-b1-c1-d1")
    steps = [("back", "havannah(size=5)", ["c3"]), ("back", "barrier(size=6)", ["b2", "e5", "b2-b1-c1-d1"]),
             ("forward", "havannah(size=5)", ["c3"]), ("forward", "barrier(size=6)", ["b2", "e5", "b2-b1-c1-d1"])]
    for way, game, moves in steps:
        getattr(page, f"go_{way}")()
        page.wait_for_function("([game, moves]) => { const v = window.tavoliere.view();"
                               " return v && v.game === game && v.moves.join() === moves; }",
                               arg=[game, ",".join(moves)])
        assert page.locator("#message").text_content() == "", (way, game)
        assert page.locator("#keep-notice").is_hidden()
    assert len(saved_records(page)) == 2  # the same two games, never a copy
    assert watch.errors == []


def test_a_correspondence_game_in_two_tabs_is_never_saved_over(watch, server):
    """A correspondence game cannot be split in two: the stale tab's move is not saved, and
    says so, until the newer record is opened there."""
    first = watch.open(server)
    first.evaluate("window.tavoliere.correspondence.start({game: 'havannah(size=4)', side: 0, names: ['Anna', 'Bruno']})")
    second, errors = open_tab(first.context, server)  # the room without a link: the same game
    assert second.evaluate("window.tavoliere.correspondence.link()") is not None
    play(first, "c3")
    second.wait_for_selector("#keep-notice", state="visible")
    assert "correspondence game went on in another tab" in second.locator("#keep-notice").text_content()
    assert second.locator("#keep-take-over").is_hidden()
    play(second, "d4")
    second.wait_for_function("document.getElementById('keep-text').textContent.includes('was not saved')")
    stored = "JSON.parse(localStorage.getItem('tavoliere.correspondence'))[0].moves"
    assert second.evaluate(stored) == ["c3"]
    second.get_by_role("button", name="Open the newer record").click()
    second.wait_for_function("window.tavoliere.view().moves.join() === 'c3'")
    assert second.locator("#keep-notice").is_hidden()
    assert watch.errors == [] and errors == []


def test_back_to_an_older_link_of_a_correspondence_game_opens_it_without_a_warning(watch, server):
    """The entries of one correspondence game in the history (its first link, a later link
    from the other player) hold older moves than the game kept: Back opens the kept game, at
    its last move, and says nothing (a link arriving anew would say it is older)."""
    page = watch.open(server)
    page.evaluate("window.tavoliere.correspondence.start({game: 'havannah(size=4)', side: 0, names: ['Anna', 'Bruno']})")
    play(page, "c3")
    link = page.evaluate("window.tavoliere.correspondence.link()")
    reply = re.sub(r"&moves=[^&]*", "", link).replace("by=0", "by=1") + "&moves=c3,d4"
    page.goto(reply)  # Bruno's answer arrives in a link
    page.wait_for_function("window.tavoliere.view().moves.length === 2")
    play(page, "e5")
    page.goto(server + "#game=barrier(size=6)" + TWO_PEOPLE)
    page.wait_for_function("window.tavoliere.view().game === 'barrier(size=6)'")
    for way, game in (("back", "havannah(size=4)"), ("back", "havannah(size=4)"),
                      ("forward", "havannah(size=4)"), ("forward", "barrier(size=6)")):
        before = page.evaluate("window.tavoliere.opened()")
        getattr(page, f"go_{way}")()
        page.wait_for_function("n => window.tavoliere.opened() > n", arg=before)
        # Back may fire both popstate and hashchange: the second opening shows its prebuilt
        # board (no moves) until the engine has read the record, so wait for the record read
        moves = 3 if game.startswith("havannah") else 0
        page.wait_for_function("([game, moves]) => { const v = window.tavoliere.view();"
                               " return v.game === game && v.moves.length === moves; }", arg=[game, moves])
        if moves:
            assert view(page)["moves"] == ["c3", "d4", "e5"]
        assert page.locator("#message").text_content() == "", way
    assert watch.errors == []
