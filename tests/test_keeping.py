"""Games that last (issue 7) in a real Chromium: saving, links, records, languages,
keyboard play, accessibility and themes."""

import json
from pathlib import Path

import pytest

from conftest import OUTPUT, ROOT, click_more
from test_room import view

pytestmark = pytest.mark.browser
TWO_PEOPLE = "&white=human&black=human"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def play(page, *names):
    for name in names:
        page.evaluate("name => window.tavoliere.play(name)", name)


def test_a_reload_or_a_new_tab_resumes_the_game(watch, server):
    page = watch.open(server + "#game=barrier(size=6)" + TWO_PEOPLE)
    play(page, "b2", "e5")
    page.reload()
    page.evaluate("window.tavoliere.ready")
    assert view(page)["moves"] == ["b2", "e5"]
    again = page.context.new_page()         # a closed tab reopened: no link, only storage
    again.goto(server)
    again.evaluate("window.tavoliere.ready")
    assert view(again)["game"] == "barrier(size=6)"
    assert view(again)["moves"] == ["b2", "e5"]


def test_a_reload_keeps_the_players_of_a_link_and_its_saved_game(watch, server):
    """The page's own link names no players once a move is played, so a reload takes them,
    and the game's place among the saved games, from the game saved last: the computer stays
    at the link's level, and the moves after the reload go on in the same saved game."""
    page = watch.open(server + "#game=connect6&white=human&black=ai:1&moves=j10")
    page.wait_for_function("window.tavoliere.view().moves.length === 2")
    assert "black=" not in page.url
    page.reload()
    page.evaluate("window.tavoliere.ready")
    assert "level 1" in page.locator("#players").text_content()
    play(page, "a1a2")
    page.wait_for_function("window.tavoliere.view().moves.length === 4")
    saved = json.loads(page.evaluate("localStorage.getItem('tavoliere.games')"))
    assert [(entry["game"], len(entry["moves"])) for entry in saved] == [("connect6", 4)]
    assert saved[0]["players"][1] == {"kind": "ai", "level": 1}
    assert watch.errors == []


def test_a_reload_before_the_first_move_keeps_the_players_of_the_link(watch, server):
    """No saved game keeps a link's players before the first move, so until then the page's
    own link keeps naming them: a reload still has the computer at the link's level.  Once the
    game is saved, the link names no players again."""
    page = watch.open(server + "#game=connect6&white=human&black=ai:1")
    assert "white=human&black=ai:1" in page.url
    page.reload()
    page.evaluate("window.tavoliere.ready")
    assert "level 1" in page.locator("#players").text_content()
    play(page, "j10")
    page.wait_for_function("window.tavoliere.view().moves.length === 2")
    page.wait_for_function("!location.hash.includes('black=')")
    saved = json.loads(page.evaluate("localStorage.getItem('tavoliere.games')"))
    assert saved[0]["players"][1] == {"kind": "ai", "level": 1}
    assert watch.errors == []


def test_saved_games_can_be_reopened_and_deleted(watch, server):
    page = watch.open(server + "#game=havannah(size=5)" + TWO_PEOPLE)
    play(page, "c3")
    page.goto(server + "#game=barrier" + TWO_PEOPLE)
    page.evaluate("window.tavoliere.ready")
    play(page, "c4")
    click_more(page, "#saved")
    entries = page.locator("#saved-list li")
    assert entries.count() == 2
    entries.nth(1).get_by_role("button", name="Open").click()
    page.wait_for_function("window.tavoliere.view().moves.join() === 'c3'")
    assert view(page)["game"] == "havannah(size=5)"
    click_more(page, "#saved")
    page.locator("#saved-list li").nth(0).get_by_role("button", name="Delete").click()
    assert page.locator("#saved-list li").count() == 1


ASIDE = "Object.keys(localStorage).filter(k => k.startsWith('tavoliere.unreadable'))"


@pytest.mark.parametrize("bad", ["'{not json'", "'x'.repeat(3000000)"])
def test_corrupted_storage_is_set_aside_once_with_a_message(watch, server, bad):
    """Issue 13: a huge or unreadable entry loads a normal page, is set aside once (not again
    on every load) and reported; a full storage never throws."""
    page = watch.open(server + "#game=barrier")
    # written as the next load begins, before its room runs, so that no other room reads it
    # first (a room saving its game reads the list, and would set it aside unsaid)
    page.add_init_script(f"""if (!sessionStorage.getItem('test.bad-written')) {{
        sessionStorage.setItem('test.bad-written', '1');
        localStorage.setItem('tavoliere.games', {bad}); }}""")
    text = page.evaluate(f"() => ({bad}).length")
    page.reload()
    page.evaluate("window.tavoliere.ready")
    assert "could not be read" in page.locator("#message").text_content()
    assert view(page)["game"] == "barrier" and page.evaluate("window.tavoliere.cellCenter('a1')")
    kept = page.evaluate(ASIDE)
    assert len(kept) == 1 and page.evaluate("k => localStorage.getItem(k).length", kept[0]) == text
    page.reload()
    page.evaluate("window.tavoliere.ready")
    assert page.locator("#message").text_content() == "" and len(page.evaluate(ASIDE)) == 1
    # with the storage full, a move is still played and the problem is said, not thrown
    page.evaluate("""() => { let i = 0;
        for (const size of [500000, 5000, 50, 1]) {
          try { for (;; i++) localStorage.setItem('filler' + i, 'y'.repeat(size)); } catch { i++; }
        } }""")
    page.evaluate("window.tavoliere.play('c4')")
    page.wait_for_function("window.tavoliere.view().moves.length >= 1")
    assert "storage is full" in page.locator("#message").text_content()
    assert watch.errors == []


# Fill localStorage to the brim: big fillers first, then smaller ones into what is left.
FILLING = """let i = Object.keys(localStorage).length;
    for (const size of [500000, 5000, 50, 1]) {
      try { for (;; i++) localStorage.setItem('filler' + i, 'y'.repeat(size)); } catch { i++; }
    }"""
FILL = f"() => {{ {FILLING} }}"
# Leave about 50,000 characters free: less than a save should leave (storage.js, HEADROOM).
NEARLY_FULL = f"""() => {{ {FILLING}
    const big = Object.keys(localStorage).find((k) => localStorage.getItem(k).length === 500000);
    localStorage.removeItem(big);
    localStorage.setItem(big, 'y'.repeat(450000)); }}"""
SAVED_IDS = "JSON.parse(localStorage.getItem('tavoliere.games')).map((g) => g.id)"


def test_a_full_storage_never_drops_saved_games_and_warns_before(watch, server):
    """Review F2: with the storage full, a save halved the saved games until the list fitted,
    so 4 games of 8 went at the next move, without a word.  Now nothing saved is dropped: the
    player is warned while saves still work, and told when one does not."""
    page = watch.open(server + "#game=barrier(size=6)" + TWO_PEOPLE)
    play(page, "b2")
    page.wait_for_function("window.tavoliere.view().moves.length === 1")
    page.evaluate("""() => {
        const games = JSON.parse(localStorage.getItem('tavoliere.games'));
        for (let i = 0; i < 8; i++) games.push({ id: 'old' + i, game: 'barrier', moves: ['c4'],
            players: [{ kind: 'human' }, { kind: 'human' }], updated: i });
        localStorage.setItem('tavoliere.games', JSON.stringify(games)); }""")
    ids = page.evaluate(SAVED_IDS)
    assert len(ids) == 9
    page.evaluate(NEARLY_FULL)
    play(page, "e5")
    page.wait_for_function("window.tavoliere.view().moves.length === 2")
    assert "storage is nearly full" in page.locator("#message").text_content()
    now = page.evaluate(SAVED_IDS)
    assert now[0] == ids[0] and sorted(now) == sorted(ids)  # saved, this game first, none dropped
    saved = page.evaluate("localStorage.getItem('tavoliere.games')")
    assert json.loads(saved)[0]["moves"] == ["b2", "e5"]
    # full: this move is not saved, the player is told so, and the list stays as it was
    page.evaluate(FILL)
    play(page, view(page)["legal"][0])
    page.wait_for_function("window.tavoliere.view().moves.length === 3")
    message = page.locator("#message").text_content()
    assert "could not be saved" in message and "no saved game was deleted" in message
    assert page.evaluate("localStorage.getItem('tavoliere.games')") == saved
    assert watch.errors == []


def test_a_correspondence_link_warns_when_the_storage_is_nearly_full(watch, server):
    """Review F2: links of new correspondence games filled the storage unnoticed (24,315
    characters for a link of 3,001 moves, and never dropped)."""
    page = watch.open(server + "#game=barrier(size=6)" + TWO_PEOPLE)
    page.evaluate(NEARLY_FULL)
    page.goto(server + "#c=Uf1lLFd830pEPcrs&game=barrier(size=6)&n0=Anna&n1=Bruno&by=0&moves=b2")
    page.wait_for_function("window.tavoliere.correspondence.games().length === 1"
                           " && window.tavoliere.view().moves.length === 1")
    message = page.locator("#message").text_content()
    assert "Correspondence game with Anna" in message and "storage is nearly full" in message
    assert [g["id"] for g in page.evaluate("window.tavoliere.correspondence.games()")] == ["Uf1lLFd830pEPcrs"]
    assert watch.errors == []


@pytest.mark.parametrize("fragment, words", [
    ("#game=barrier&moves=<script>alert(1)</script>", "script"),
    ("#game=<img src=x onerror=alert(1)>", "malformed game spec"),
    ("#game=barrier&moves=" + ",".join(["c4"] * 6000), "5000"),
    ("#game=hexade&moves=a1,b2,zz9", "zz9"),
    ("#game=havannah(size=99)", "size"),
    ("#game=barrier&moves=c4&ply=7", "ply"),
    ("#game=barrier&black=robot", "player"),
])
def test_hostile_links_are_refused_as_text(watch, server, fragment, words):
    page = watch.open(server + fragment)
    message = page.locator("#message")
    assert words in message.text_content()
    assert page.locator("#message *").count() == 0       # text, never HTML
    assert page.evaluate("document.querySelectorAll('img, script:not([src])').length") == 0
    assert view(page)["moves"] == []
    assert watch.errors == []


@pytest.mark.parametrize("fragment", [
    "#game=dadi&white=human&black=human&moves=zz9",             # the fresh game starts with a roll
    "#game=havannah(size=5)&white=ai:1&black=human&moves=zz9",  # and with the computer's move
])
def test_a_refused_links_reason_outlasts_the_first_automatic_ply(watch, server, fragment):
    """Review F8: the reason a link was refused was erased at once when the fresh game began
    with a ply nobody at the device made: the player never learnt why."""
    page = watch.open(server + fragment)
    page.wait_for_function("window.tavoliere.view().moves.length >= 1 && !window.tavoliere.thinking()",
                           timeout=60_000)
    page.wait_for_timeout(300)
    message = page.locator("#message").text_content()
    assert "could not be opened" in message and "zz9" in message
    assert watch.errors == []


def test_a_link_opens_the_viewed_ply(watch, server):
    page = watch.open(server + "#game=barrier&moves=c4,f6,c4-d4-e4-e3&ply=2" + TWO_PEOPLE)
    assert view(page)["moves"] == ["c4", "f6"]
    assert page.locator("#move-list .move").count() == 3
    assert "ply=2" in page.url


def test_copy_link_puts_the_position_in_the_clipboard(returning, server):
    context = returning()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(server + "#game=hekka" + TWO_PEOPLE)
    page.evaluate("window.tavoliere.ready")
    play(page, "c4")
    click_more(page, "#copy-link")
    page.wait_for_timeout(200)
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.endswith("#game=hekka&moves=c4")
    context.close()


def test_the_picture_is_a_png_of_the_board(watch, server):
    page = watch.open(server + "#game=havannah(size=6)&moves=c3,d4" + TWO_PEOPLE)
    click_more(page, "#picture")  # its dialog: a clean diagram (tests/test_print.py)
    with page.expect_download() as info:
        page.locator("#picture-png").click()
    path = info.value.path()
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000
    assert info.value.suggested_filename == "tavoliere-havannah-size-6--2.png"


def test_records_export_and_import_and_a_bad_record_keeps_the_game(watch, server):
    page = watch.open(server + "#game=barrier(size=6)" + TWO_PEOPLE)
    play(page, "b2", "e5", "b2-b3-b4-c4")
    click_more(page, "#record")
    page.wait_for_function("document.getElementById('record-text').value !== ''")
    text = page.locator("#record-text").input_value()
    assert '[Game "barrier(size=6)"]' in text and "b2-b3-b4-c4" in text
    # a record with an illegal move: refused, naming the ply; the game on screen stays
    page.locator("#record-text").fill(text.replace("b2-b3-b4-c4", "b2-b3-b4-b5"))
    page.locator("#record-import").click()
    page.wait_for_function("document.getElementById('record-message').textContent !== ''")
    assert "3" in page.locator("#record-message").text_content()
    assert view(page)["moves"] == ["b2", "e5", "b2-b3-b4-c4"]
    # another game's record replaces it only when fully valid
    page.locator("#record-text").fill('[Game "hexade(size=5)"]\n1. a1 e5 2. e1')
    page.locator("#record-import").click()
    page.wait_for_function("window.tavoliere.view().moves.join() === 'a1,e5,e1'")
    assert view(page)["game"] == "hexade(size=5)"


def test_every_text_is_in_both_languages(watch, server):
    page = watch.open(server)
    keys = page.evaluate("""async () => {
        const { dictionaries } = await import('./web/i18n.js');
        return { en: Object.keys(dictionaries.en).sort(), it: Object.keys(dictionaries.it).sort(),
                 used: [...document.querySelectorAll('[data-t]')].map(e => e.dataset.t)
                   .concat([...document.querySelectorAll('[data-t-label]')].map(e => e.dataset.tLabel))
                   .concat([...document.querySelectorAll('[data-t-aria-label]')].map(e => e.dataset.tAriaLabel))
                   .concat([...document.querySelectorAll('[data-t-roledescription]')]
                     .map(e => e.dataset.tRoledescription))
                   .concat([...document.querySelectorAll('[data-t-lang]')].map(e => e.dataset.tLang)) };
    }""")
    assert keys["en"] == keys["it"]
    assert set(keys["used"]) <= set(keys["en"])
    page.locator("#language").click()
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.locator("#new-game").text_content() == "Nuova partita"
    assert "Tocca al Bianco" in page.locator("#turn").text_content()
    # the language button reads "English" on the Italian page, and says so
    assert page.locator("#language").get_attribute("lang") == "en"
    assert page.locator(".history-nav").get_attribute("aria-label") == "Cronologia delle mosse"
    assert page.locator("#board").get_attribute("aria-roledescription") == "tavoliere"
    # the rules summary of the game on screen, in Italian
    page.locator("#rules").click()
    assert "Barrier" in page.locator("#rules-title").text_content()
    assert "tavoliere" in page.locator("#rules-text").text_content()
    assert "scacchiera" not in page.locator("#rules-text").text_content()


def test_a_havannah_game_played_with_the_keyboard_alone(watch, server):
    page = watch.open(server + "#game=havannah(size=4)" + TWO_PEOPLE)
    page.keyboard.press("Tab")
    while page.evaluate("document.activeElement.id") != "board":
        page.keyboard.press("Tab")
    played = 0
    while not view(page)["outcome"] and played < 40:
        target = view(page)["legal"][(played * 7) % len(view(page)["legal"])]
        for _ in range(30):
            here = page.evaluate("window.tavoliere.cursor()")
            if here == target:
                break
            a, b = (page.evaluate("n => window.tavoliere.cellCenter(n)", n) for n in (here, target))
            dx, dy = b["x"] - a["x"], b["y"] - a["y"]
            key = ("ArrowRight" if dx > 0 else "ArrowLeft") if abs(dx) > abs(dy) else \
                  ("ArrowDown" if dy > 0 else "ArrowUp")
            page.keyboard.press(key)
        assert page.evaluate("window.tavoliere.cursor()") == target, "the cursor cannot reach a cell"
        page.keyboard.press("Enter")
        played += 1
        page.wait_for_function("n => window.tavoliere.view().moves.length === n", arg=played)
        assert target in page.locator("#announcer").text_content()
    assert view(page)["outcome"], "the game did not end"
    page.keyboard.press("?")
    assert page.locator("#keys-dialog").is_visible()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_no_serious_accessibility_violations(watch, server, theme):
    page = watch.open(server + "#game=hexade(size=6)&moves=a1,c3" + TWO_PEOPLE)
    page.select_option("#theme", theme)
    assert page.evaluate("document.documentElement.dataset.theme") == theme
    page.add_script_tag(path=str(AXE))
    found = {}
    for screen, action in [("room", None), ("new game", "#new-game"), ("rules", "#rules"),
                           ("record", "#record"), ("picture", "#picture")]:
        if action:
            page.keyboard.press("Escape")
            click_more(page, action) if action in ("#record", "#picture") else page.locator(action).click()
            page.wait_for_timeout(150)
        result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
        bad = [f"{v['id']} ({v['impact']}): {v['help']}" for v in result["violations"]
               if v["impact"] in ("serious", "critical")]
        if bad:
            found[screen] = bad
        OUTPUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUTPUT / f"{theme}-{screen.replace(' ', '-')}.png"))
    assert not found, json.dumps(found, indent=1)


def test_a_saved_game_that_cannot_be_opened_is_not_called_a_link(watch, server):
    """Review F13: a stored game that could not be opened was reported as "The link could not
    be opened…"; there was no link."""
    page = watch.open(server + "#game=barrier" + TWO_PEOPLE)
    page.evaluate("""() => {
        localStorage.setItem('tavoliere.games', JSON.stringify([{ id: 'bad', game: 'barrier',
            moves: ['c4', 'zz9'], players: [{ kind: 'human' }, { kind: 'human' }], updated: 1 }]));
        localStorage.setItem('tavoliere.current', 'bad'); }""")
    # (a page that names no game: one with a link, reloaded, would reopen what it had on view,
    # the fresh game if that page had failed to open the saved one already)
    page.goto(server)
    page.evaluate("window.tavoliere.ready")
    message = page.locator("#message").text_content()
    assert message.startswith("The game saved in this browser could not be opened") and "zz9" in message
    assert "link" not in message
    assert view(page)["moves"] == []
    assert watch.errors == []
