"""Correspondence games (issue 17): two people, two browsers, no server: the game travels in
links.  Each browser context below has its own storage, as two machines would."""

import json
import random
import re
from urllib.parse import quote

import pytest
import zxingcpp

from conftest import NO_WELCOME, OUTPUT, ROOT, click_more
from tavoliere import load_game

pytestmark = pytest.mark.browser
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


class Player:
    """One person's browser: its own context (storage, service worker), one tab."""

    def __init__(self, new_context, name, **options):
        self.context = new_context(**options)
        self.context.add_init_script(NO_WELCOME)
        self.name = name
        self.errors = []
        self.page = self.tab()

    def tab(self):
        page = self.context.new_page()
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        return page

    def open(self, link, page=None):
        """Open a link as a person would: an ordinary navigation (only the fragment changes
        when the tab is already on the room), then wait until the room has taken it in."""
        page = page or self.page
        same = page.url.split("#")[0] == link.split("#")[0]
        before = page.evaluate("window.tavoliere.opened()") if same else 0
        page.goto(link)
        page.evaluate("window.tavoliere.ready")
        page.wait_for_function("n => window.tavoliere.opened() > n", arg=before)

    def view(self):
        return self.page.evaluate("window.tavoliere.view()")

    def message(self):
        return self.page.locator("#message").text_content()

    def play(self, move):
        return self.page.evaluate("m => window.tavoliere.play(m).then(() => 'ok', e => e.message)", move)

    def link(self):
        return self.page.evaluate("window.tavoliere.correspondence.link()")

    def reload(self):
        self.page.reload()
        self.page.evaluate("window.tavoliere.ready")


def wait_moves(page, count):
    page.wait_for_function("n => window.tavoliere.view().moves.length === n", arg=count)


def with_moves(link, moves):
    return re.sub(r"&moves=[^&]*", "", link) + "&moves=" + ",".join(moves)


def anna_invites_bruno(returning, server):
    """Two browsers; Anna starts a correspondence game of Havannah base 4 as White."""
    anna, bruno = Player(returning, "Anna"), Player(returning, "Bruno")
    anna.page.goto(server)
    anna.page.evaluate("window.tavoliere.ready")
    link = anna.page.evaluate("window.tavoliere.correspondence.start("
                              "{game: 'havannah(size=4)', side: 0, names: ['Anna', 'Bruno']})")
    return anna, bruno, link


def test_two_players_play_a_whole_game_by_passing_links(returning, server):
    anna, bruno, link = anna_invites_bruno(returning, server)
    assert "c=" in link and "n0=Anna" in link and "by=0" in link
    bruno.open(link)
    assert "you play Black" in bruno.message()
    assert "Waiting for Anna" in bruno.page.locator("#corr-status").text_content()
    assert "Bruno (you)" in bruno.page.locator("#players").text_content()
    # Bruno's room works offline from here on: the link opens the cached room
    bruno.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    bruno.context.set_offline(True)
    # only the side to move may move: Bruno can neither call nor click
    assert bruno.play("d4") != "ok" and "not your turn" in bruno.message()
    game = load_game("havannah(size=4)")
    rng = random.Random(17)
    links = [link]
    tampered = older = for_you = False
    while not anna.view()["outcome"]:
        moves = anna.view()["moves"]
        to_move = anna.view()["to_move"]
        mover, other = (anna, bruno) if to_move == 0 else (bruno, anna)
        assert other.view()["moves"] == moves and other.play(other.view()["legal"][0]) != "ok"
        move = rng.choice(mover.view()["legal"])
        assert mover.play(move) == "ok"
        link = mover.link()
        links.append(link)
        assert link == mover.page.url  # the address bar holds the game too
        if len(moves) == 4 and not tampered:
            # a tampered link: an earlier move changed; refused, naming the first difference
            state = game.replay(moves[:2])
            other_move = next(game.move_name(m) for m in game.legal_moves(state)
                              if game.move_name(m) not in moves + [move])
            other.open(with_moves(link, moves[:2] + [other_move] + moves[3:] + [move]))
            text = other.message()
            assert "refused" in text and "ply 3" in text and other_move in text and moves[2] in text, text
            assert other.view()["moves"] == moves
            tampered = True
        other.open(link)
        assert other.view()["moves"] == moves + [move]
        assert other.message() == "" or "played" in other.message()
        if len(moves) == 6 and not older:
            other.open(links[2])  # an old link: recognised, the stored game stays
            assert "older" in other.message() and other.view()["moves"] == moves + [move]
            older = True
        if len(moves) == 7 and not for_you and not other.view()["outcome"]:
            # a link that also plays the receiver's move for them is refused
            reply = other.view()["legal"][0]
            other.open(with_moves(link, moves + [move, reply]))
            assert "plays a move for your side" in other.message(), other.message()
            assert other.view()["moves"] == moves + [move]
            for_you = True
        if len(moves) == 5:
            anna.reload()    # a reload on each side keeps the game and whose turn it is
            bruno.reload()   # (offline: the cached room)
            assert anna.view()["moves"] == bruno.view()["moves"] == moves + [move]
            assert anna.link() and bruno.link()
        if len(moves) == 9:
            anna.page.goto(server)  # the room without a link resumes the game on screen last
            anna.page.evaluate("window.tavoliere.ready")
            assert anna.view()["moves"] == moves + [move]
    final = anna.view()
    assert bruno.view()["outcome"] == final["outcome"]
    assert tampered and older and for_you
    expected = game.outcome(game.replay(final["moves"]))
    assert final["outcome"]["winner"] == expected.winner
    for player in (anna, bruno):
        games = player.page.evaluate("window.tavoliere.correspondence.games()")
        assert len(games) == 1 and games[0]["moves"] == final["moves"] and games[0]["outcome"]
        assert games[0]["side"] == (0 if player is anna else 1)
    # a fresh tab on Bruno's side (offline) opens the last link as the same game
    tab = bruno.tab()
    bruno.open(links[-1], tab)
    assert tab.evaluate("window.tavoliere.view().moves") == final["moves"]
    assert len(tab.evaluate("window.tavoliere.correspondence.games()")) == 1
    OUTPUT.mkdir(exist_ok=True)
    bruno.page.screenshot(path=str(OUTPUT / "correspondence-end.png"))
    assert anna.errors == [] and bruno.errors == []
    anna.context.close()
    bruno.context.close()


def test_a_resignation_travels_by_link_and_nobody_resigns_for_the_other(returning, server):
    anna, bruno, link = anna_invites_bruno(returning, server)
    bruno.open(link)
    assert anna.play("d4") == "ok"
    bruno.open(anna.link())
    assert bruno.page.locator("#offer-draw").is_disabled()  # draws are not agreed by link
    # a link that says Anna resigned, made by Bruno: Anna does not take its end
    anna.open(bruno.link() + "&end=resign0")
    assert "was not taken" in anna.message() and anna.view()["outcome"] is None
    bruno.page.on("dialog", lambda dialog: dialog.accept())
    bruno.page.locator("#resign").click()  # on Anna's turn too: a resignation needs no turn
    bruno.page.wait_for_function("window.tavoliere.view().outcome !== null")
    assert bruno.view()["outcome"]["reason"] == "resign" and bruno.link().endswith("&end=resign1")
    assert bruno.page.locator("#corr-send").is_visible()
    anna.open(bruno.link())
    assert anna.message() == "Bruno resigned: you win."
    assert anna.view()["outcome"] == {"winner": 0, "reason": "resign", "cells": []}
    anna.reload()  # kept in the stored game
    assert anna.view()["outcome"]["reason"] == "resign"
    games = anna.page.evaluate("window.tavoliere.correspondence.games()")
    assert games[0]["ending"] == "resign1" and games[0]["outcome"]["winner"] == 0
    assert anna.errors == [] and bruno.errors == []
    anna.context.close()
    bruno.context.close()


def random_game(spec, plies, seed=0):
    game = load_game(spec)
    for attempt in range(100):
        rng = random.Random(seed + attempt)
        state, names = game.initial_state(), []
        while len(names) < plies and game.outcome(state) is None:
            move = rng.choice(game.legal_moves(state))
            names.append(game.move_name(move))
            state = game.apply(state, move)
        if len(names) == plies:
            return names
    raise AssertionError("no long enough game")


@pytest.mark.parametrize("spec", ["havannah(size=8)", "havannah"])
def test_the_link_of_a_120_move_havannah_game_is_short(watch, server, spec):
    """The figure in the README: the whole record of 120 moves, with two 30-character names,
    stays under 1,500 characters, even from a host with a long address."""
    moves = random_game(spec, 120)
    names = ["Giovanni Battista Castiglionex", "Maria Antonietta Bevilacqua X"]
    incoming = (f"{server}#c=AbCdEfGhIjKlMnOp&game={spec}&n0={quote(names[0])}&n1={quote(names[1])}"
                f"&by=0&moves={','.join(moves[:119])}")
    page = watch.page
    page.goto(incoming)
    page.evaluate("window.tavoliere.ready")
    wait_moves(page, 119)
    page.evaluate("m => window.tavoliere.play(m)", moves[119])
    wait_moves(page, 120)
    link = page.evaluate("window.tavoliere.correspondence.link()")
    fragment = link.split("#", 1)[1]
    host = "https://a-long-user-name.github.io/tavoliere/"
    print(f"{spec}: 120 moves, fragment {len(fragment)} characters, link {len(host) + 1 + len(fragment)}")
    assert len(host) + 1 + len(fragment) < 1500
    assert fragment.count(",") == 119 and "%" in fragment  # names escaped, moves as they are
    assert watch.errors == []


HOSTILE = ["<img src=x onerror=pwned=1>", "<script>pwned=2</script>"]


def test_a_hostile_link_runs_no_script_and_shows_names_as_text(watch, server):
    link = (f"{server}#c=HostileLink12345&game=barrier(size=5)&n0={quote(HOSTILE[0])}"
            f"&n1={quote(HOSTILE[1])}&by=0&moves=c3")
    page = watch.page
    page.goto(link)
    page.evaluate("window.tavoliere.ready")
    page.wait_for_function("window.tavoliere.correspondence.link() !== null")
    assert HOSTILE[0] in page.locator("#message").text_content()
    assert HOSTILE[0] in page.locator("#players").text_content()
    click_more(page, "#corr-games")
    assert HOSTILE[0] in page.locator("#corr-list").text_content()
    assert page.evaluate("document.querySelectorAll('img, script:not([src])').length") == 0
    assert page.evaluate("typeof window.pwned") == "undefined"
    page.keyboard.press("Escape")
    # the side this browser plays was inferred (Black: the link came from White); until it
    # has moved, the person may say they are the other player
    switch = page.locator("#corr-switch")
    assert HOSTILE[0] in switch.text_content() and "(White)" in switch.text_content()
    switch.click()
    page.wait_for_function("name => document.getElementById('players').textContent.includes(name)",
                           arg=f"{HOSTILE[0]} (you)")
    assert page.evaluate("window.tavoliere.correspondence.games()[0].side") == 0
    assert switch.is_hidden()
    # fields that cannot be read are refused by name, as text; a fresh game opens
    for fragment, words in [("#c=<script>x&game=barrier&n0=A&n1=B&by=0", "not a game identifier"),
                            ("#c=AbCdEfGhIjKl&game=barrier&n0=A&n1=B&by=2", "or 1, not \"2\""),
                            ("#c=AbCdEfGhIjKl&game=barrier&n0=" + "x" * 31 + "&n1=B&by=0", "longer than 30"),
                            ("#c=AbCdEfGhIjKl&game=barrier&n1=B&by=0", "name is missing"),
                            ("#c=AbCdEfGhIjKl&game=barrier&n0=A&n1=B&by=0&moves=c3,zz9", "zz9")]:
        before = page.evaluate("window.tavoliere.opened()")
        page.goto(server + fragment)
        page.wait_for_function("n => window.tavoliere.opened() > n", arg=before)
        assert words in page.locator("#message").text_content(), fragment
        assert page.locator("#message *").count() == 0
        assert page.evaluate("window.tavoliere.correspondence.link()") is None
    assert page.evaluate("typeof window.pwned") == "undefined"
    assert watch.errors == []


def canvas_text(page, selector):
    """What a QR reader finds in a canvas of the page."""
    pixels = page.evaluate("""selector => {
        const c = document.querySelector(selector);
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const grey = new Array(c.width * c.height);
        for (let i = 0; i < grey.length; i++) grey[i] = d[4 * i];
        return {width: c.width, height: c.height, grey};
    }""", selector)
    image = memoryview(bytes(pixels["grey"])).cast("B", (pixels["height"], pixels["width"]))
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    return found[0].text if found else None


def axe_violations(page):
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']}" for v in result["violations"]
            if v["impact"] in ("serious", "critical")]


def test_start_send_and_the_list_of_games_in_the_page(returning, server):
    """The New game dialog starts a correspondence game; the invitation shows the link and a QR
    code that decodes to it; "Send your move" copies the link; the list shows, archives,
    exports and deletes; keyboard, screen reader labels, axe and Italian."""
    context = returning(viewport={"width": 1200, "height": 900})
    context.add_init_script(NO_WELCOME)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "#game=barrier&white=human&black=human")
    page.evaluate("window.tavoliere.ready")
    page.add_script_tag(path=str(AXE))
    page.locator("#new-game").click()
    page.locator("#game-choice").select_option("havannah")
    page.locator("#options select[name=size]").select_option("5")
    page.get_by_label("Play with a friend at a distance").check()
    assert page.locator("#white-choice").is_hidden()
    page.get_by_label("Your colour").select_option("0")
    page.get_by_label("Your name").fill("Anna")
    page.get_by_label("Your opponent's name").fill("Bruno <b>")
    found = {"new game": axe_violations(page)}
    page.get_by_role("button", name="Start").click()
    dialog = page.locator("#corr-send-dialog")
    dialog.wait_for(state="visible")
    assert "Invite" in page.locator("#corr-send-title").text_content()
    link = page.locator("#corr-link").input_value()
    assert link == page.evaluate("window.tavoliere.correspondence.link()") and "game=havannah(size=5)" in link
    assert canvas_text(page, "#corr-qr") == link
    found["invite"] = axe_violations(page)
    page.screenshot(path=str(OUTPUT / "correspondence-invite.png"))
    page.keyboard.press("Escape")
    assert dialog.is_hidden()
    # Anna (White) moves with the keyboard; the panel offers to send it
    page.locator("#board").focus()
    page.keyboard.press("Enter")
    wait_moves(page, 1)
    send = page.locator("#corr-send")
    assert send.is_visible() and "corr-primary" in send.get_attribute("class")
    assert not page.locator("#undo").is_disabled()   # not sent yet: it may be taken back
    send.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('message').textContent.includes('copied')")
    assert page.evaluate("navigator.clipboard.readText()") == page.evaluate("window.tavoliere.correspondence.link()")
    assert page.locator("#undo").is_disabled()       # sent: it stays
    assert "corr-primary" not in send.get_attribute("class")
    # the list: opponent, whose turn, when the last move came
    click_more(page, "#corr-games")
    item = page.locator("#corr-list li")
    assert item.count() == 1
    text = item.text_content()
    assert "Havannah" in text and "Bruno <b>" in text and "waiting for Bruno" in text and "last move now" in text
    found["list"] = axe_violations(page)
    with page.expect_download() as info:
        page.locator("#corr-export").click()
    record = open(info.value.path(), encoding="utf-8").read()
    assert '[White "Anna"]' in record and '[Black "Bruno <b>"]' in record and "havannah(size=5)" in record
    item.get_by_role("button", name="Archive").click()
    assert "No correspondence games" in page.locator("#corr-list").text_content()
    page.get_by_label("Show the archived games").check()
    page.locator("#corr-list").get_by_role("button", name="Restore").click()
    assert "No archived games" in page.locator("#corr-list").text_content()
    page.get_by_label("Show the archived games").uncheck()
    page.once("dialog", lambda d: d.accept())
    page.locator("#corr-list li").get_by_role("button", name=re.compile("^Delete")).click()
    assert "No correspondence games" in page.locator("#corr-list").text_content()
    page.keyboard.press("Escape")
    # deleting the game on screen leaves correspondence play
    page.wait_for_function("window.tavoliere.correspondence.link() === null")
    assert page.locator("#corr").is_hidden()
    # Italian
    link = page.evaluate("window.tavoliere.correspondence.start("
                         "{game: 'havannah(size=5)', side: 1, names: ['Bruno', 'Anna']})")
    page.locator("#language").click()
    assert "In attesa della mossa di Bruno (Bianco)" in page.locator("#corr-status").text_content()
    assert page.locator("#corr-games").text_content() == "Partite per corrispondenza"
    page.locator("#corr-show").click()
    assert page.locator("#corr-send-title").text_content() == "Invia la tua mossa"
    found["send (it)"] = axe_violations(page)
    page.keyboard.press("Escape")
    page.locator("#language").click()
    assert not any(found.values()), json.dumps(found, indent=1)
    assert errors == []
    context.close()


GOOD_ENTRY = {"id": "Uf1lLFd830pEPcrs", "game": "barrier", "moves": [], "names": ["Anna", "Bruno"],
              "side": 0, "created": 1, "updated": 1, "last": None, "sent": 0, "archived": False,
              "settled": True}


@pytest.mark.parametrize("stored", [
    "{not json",
    pytest.param("null", marks=pytest.mark.slow),  # (read as "{not json" is: the suite's time)
    json.dumps([GOOD_ENTRY, {**GOOD_ENTRY, "id": "BAD", "names": 5}]),
])
def test_an_unreadable_list_of_correspondence_games_is_reported(watch, server, stored):
    """Review F6: a correspondence list that could not be read was set aside without a word,
    and every correspondence game disappeared from the list.  The page says so, once; what
    could be read stays."""
    page = watch.open(server + "#game=barrier&white=human&black=human")
    page.evaluate("text => localStorage.setItem('tavoliere.correspondence', text)", stored)
    page.reload()
    page.evaluate("window.tavoliere.ready")
    assert "correspondence games kept in this browser could not all be read" in page.locator("#message").text_content()
    aside = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tavoliere.unreadable'))")
    assert len(aside) == 1
    kept = [g["id"] for g in page.evaluate("window.tavoliere.correspondence.games()")]
    assert kept == (["Uf1lLFd830pEPcrs"] if "Anna" in stored else [])
    page.reload()
    page.evaluate("window.tavoliere.ready")
    assert page.locator("#message").text_content() == ""  # said once: the bad part is aside
    assert watch.errors == []


def test_a_correspondence_link_of_a_game_for_more_players_is_refused(watch, server):
    """Review F7: a link of a 3- or 4-seat game was taken in ("Red: undefined", the computer
    in the extra seats) while New game refuses one: a link joins two players."""
    page = watch.open(server + "#game=barrier&white=human&black=human")
    page.goto(server + "#c=Uf1lLFd830pEPcrs&game=dadi(players=3)&n0=Anna&n1=Bruno&by=0")
    page.wait_for_function("window.tavoliere.opened() >= 2")
    page.wait_for_timeout(300)
    message = page.locator("#message").text_content()
    assert "correspondence link could not be opened" in message and "more" in message
    assert page.evaluate("window.tavoliere.correspondence.games()") == []
    assert "undefined" not in page.locator("#players").text_content()
    assert watch.errors == []
