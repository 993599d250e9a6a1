"""The engine's memory snapshot (issue 19): made after a first visit, restored on the next
ones, refused when it is damaged or from another build, and never in the way.

The timing targets live in ``python build.py bench``, not here."""

import contextlib
import hashlib
import http.server
import json
import shutil

import pytest

import build
from conftest import ROOT, TEST_GAMES, SlowHandler, held_back, start_server

# -- under Node: the same web/snapshot.js that the worker uses, without the storage ----------------


@pytest.fixture(scope="module")
def node_snapshot(site):
    import subprocess
    node = shutil.which("node")
    if not node:
        pytest.fail("node is needed for the Pyodide tests")
    result = subprocess.run([node, str(ROOT / "tests" / "pyodide" / "snapshot.mjs"), str(site)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    line = next(line for line in result.stdout.splitlines() if line.startswith("RESULT "))
    return json.loads(line[len("RESULT "):])


@pytest.mark.pyodide
def test_a_restored_python_plays_the_seeded_moves_of_a_fresh_one(node_snapshot):
    first, second = node_snapshot["restored"]
    fresh = node_snapshot["fresh"]
    assert len(fresh["moves"]) >= 16
    assert first["moves"] == fresh["moves"] == second["moves"]


@pytest.mark.pyodide
def test_what_differs_between_visits_differs_after_a_restore(node_snapshot):
    first, second = node_snapshot["restored"]
    # the random module is reseeded after each restore: not the generator state of the copy
    assert first["random"] != second["random"]
    # str hashes keep the snapshot's seed (random per browser and build, not per visit); a
    # fresh Python draws its own, and the seeded moves above agree all the same
    assert first["hash"] == second["hash"]
    assert node_snapshot["fresh"]["hash"] != first["hash"]
    # nothing of the warm-up is left: no search, no names in __main__
    for python in (first, second):
        assert python["thinkers"] == 0
        assert python["main"] == node_snapshot["fresh"]["main"]


@pytest.mark.pyodide
def test_a_restored_python_has_the_package_files_and_a_small_copy(node_snapshot):
    restored = node_snapshot["restored"][0]
    # a file read at run time (importlib.resources) is there: the snapshot carries the files
    assert restored["book"] == node_snapshot["fresh"]["book"] > 1000
    assert node_snapshot["files"] >= 30
    # zero pages are left out of what is stored
    assert node_snapshot["stored"] < 0.8 * node_snapshot["size"]


@pytest.mark.pyodide
def test_a_damaged_or_mismatched_copy_is_refused_before_python_sees_it(node_snapshot):
    assert node_snapshot["truncated"].startswith("corrupt (")
    assert node_snapshot["flipped"] == "corrupt (checksum)"
    assert node_snapshot["other"].startswith("corrupt (")
    assert node_snapshot["whole"] == "accepted"


# -- in Chromium: the room and embedded boards -------------------------------------------------

READ_META = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open('tavoliere-engine');
  open.onupgradeneeded = () => open.result.createObjectStore('snapshot');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const get = db.transaction('snapshot').objectStore('snapshot').get('meta');
    get.onsuccess = () => { db.close(); resolve(get.result ? get.result.key : null); };
    get.onerror = () => reject(get.error);
  };
})"""
TRUNCATE = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open('tavoliere-engine');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const tx = db.transaction('snapshot', 'readwrite');
    const store = tx.objectStore('snapshot');
    const get = store.get('data');
    get.onsuccess = () => {
      const data = get.result;
      data.heap = data.heap.slice(0, data.heap.byteLength >> 1);
      store.put(data, 'data');
    };
    tx.oncomplete = () => { db.close(); resolve(); };
    tx.onerror = () => reject(tx.error);
  };
})"""


def stored_key(page, present=True, seconds=120):
    """Wait until a snapshot is stored in the page's origin (or is gone); its key."""
    for _ in range(seconds * 4):
        key = page.evaluate(READ_META)
        if (key is not None) == present:
            return key
        page.wait_for_timeout(250)
    raise AssertionError("the stored snapshot did not " + ("appear" if present else "go"))


def room(page, url):
    """Open the room (a new document, even when only the fragment differs) and wait for the
    engine; how it started."""
    stopped = []  # an error that kept the page's code from running: said at once, not in 120 s
    def on_error(error):
        stopped.append(error)
    page.on("pageerror", on_error)
    try:
        page.goto("about:blank")
        page.goto(url)
        for _ in range(PAGE_WAIT_MS // 250):
            if page.evaluate("window.tavoliere !== undefined"):
                break
            assert not stopped, f"the page stopped: {stopped[0]}"
            page.wait_for_timeout(250)
    finally:
        page.remove_listener("pageerror", on_error)
    page.evaluate("window.tavoliere.ready")
    return page.evaluate("window.tavoliere.engineLoad()")


def wait_stored(page):
    report = page.evaluate("window.tavoliere.snapshotDone()")
    assert report["stored"], report
    return report


def seeded_moves(page, site):
    """The bot's move with a fixed seed and a fixed number of iterations, for every game."""
    info = json.loads((site / "site.json").read_text())
    moves = {}
    ask = lambda request: page.evaluate("r => window.tavoliere.engineRequest(r)", request)
    for game in info["games"]:
        spec = next((s for s in info["boards"] if s.split("(")[0] == game["name"]), game["name"])
        line = []  # a game of dice rolls first: seeded rolls, up to a player's choice
        while ask({"op": "view", "game": spec, "moves": line})["to_move"] == -1:
            line.append(ask({"op": "roll", "game": spec, "moves": line, "seed": len(line)})["move"])
        for seed in (1, 2):
            answer = ask({"op": "think", "game": spec, "moves": line, "iterations": 60, "seed": seed})
            assert answer["ok"], answer
            moves[f"{spec} seed {seed}"] = answer["move"]
    return moves


@pytest.fixture
def context(browser):
    context = browser.new_context()
    yield context
    context.close()


STORED_HINT = "tavoliere.snapshot.stored"  # engine.js keeps it, web/prestart.js reads it


class Errors(list):
    """A page's console errors, less the 404 of the /favicon.ico that the browser asks for
    when the tests read the storage from site.json (a document without an icon)."""

    def __init__(self):
        super().__init__()
        self.missing = []

    def real(self):
        if self.missing and all(url.endswith("/favicon.ico") for url in self.missing):
            return [e for e in self if "404" not in e]
        return list(self)


# Starting a second Python for a snapshot doubles the work of a page start; on a loaded
# two-core machine Playwright's 30 s default wait was once too short for it.
PAGE_WAIT_MS = 120_000


def watched(context):
    page = context.new_page()
    page.set_default_timeout(PAGE_WAIT_MS)
    errors = Errors()
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    context.on("response", lambda r: r.status == 404 and errors.missing.append(r.url))
    return page, errors


@pytest.fixture(scope="module")
def visited(browser, server, site):
    """A browser that has visited the room once: the engine started from scratch, and a
    snapshot was made when the page was idle.  Also the seeded moves of that fresh engine."""
    context = browser.new_context()
    page, errors = watched(context)
    first = room(page, server + "#white=human&black=human")
    assert first["path"] == "fresh" and first["storage"] is True
    assert first["prestarted"] is False  # nothing stored yet: the worker starts with the room
    moves = seeded_moves(page, site)
    made = wait_stored(page)
    assert made["key"] == first["key"] and made["stored_bytes"] < made["bytes"]
    assert errors.real() == []
    page.close()
    yield context, first, moves
    context.close()


def a_stored_snapshot(page, errors, server):
    """A page of the visited browser, with a snapshot stored (an earlier test may have used it)."""
    page.goto(server + "site.json")  # any document of the site's origin, to read its storage
    if page.evaluate(READ_META) is None:
        room(page, server)
        wait_stored(page)


@pytest.mark.browser
def test_the_next_visit_restores_an_engine_that_plays_the_same_moves(visited, server, site):
    context, first, fresh_moves = visited
    page, errors = watched(context)
    again = room(page, server + "#white=human&black=human")
    assert again["path"] == "snapshot" and again["key"] == first["key"]
    assert again["prestarted"] is True  # web/prestart.js started it before the page's modules
    assert again["snapshot"] is None  # no new one is made
    assert seeded_moves(page, site) == fresh_moves
    page.evaluate("window.tavoliere.play('c4')")
    assert page.evaluate("window.tavoliere.view().moves") == ["c4"]

    # the URL flag turns snapshots off: a fresh start, and no snapshot made
    off = room(page, server + "?snapshot=off#white=human&black=human")
    assert off["path"] == "fresh (snapshots off)" and off["storage"] is False
    assert off["prestarted"] is False
    page.wait_for_timeout(1500)
    assert page.evaluate("window.tavoliere.engineLoad().snapshot") is None
    assert errors.real() == []
    page.close()


@pytest.mark.browser
def test_an_early_worker_whose_news_come_before_the_page_code_is_taken_over(browser, server):
    """On a loaded machine the worker web/prestart.js starts may speak before the page's
    modules have run: the page takes its news over all the same (it once stopped there, with
    no page at all, when the news reached parts of the page not made yet)."""
    context = browser.new_context(service_workers="block")  # the late file comes late
    with held_back({"web/table.js": 3.0}), contextlib.closing(context):
        # as after a stored snapshot: the hint that makes web/prestart.js start the worker
        context.add_init_script(f"try {{ localStorage.setItem('{STORED_HINT}', '1') }} catch {{}}")
        page, errors = watched(context)
        load = room(page, server + "#white=human&black=human")
        assert load["prestarted"] is True
        page.evaluate("window.tavoliere.play('c4')")
        assert page.evaluate("window.tavoliere.view().moves") == ["c4"]
        assert errors.real() == []


@pytest.mark.browser
def test_a_truncated_snapshot_falls_back_and_is_replaced(visited, server):
    page, errors = watched(visited[0])
    a_stored_snapshot(page, errors, server)
    page.evaluate(TRUNCATE)

    load = room(page, server)
    assert load["path"].startswith("fresh (snapshot refused: corrupt"), load
    assert page.evaluate(f"localStorage.getItem('{STORED_HINT}')") is None  # no early start until replaced
    assert page.locator("#status").get_attribute("data-stage") == "ready"
    answer = page.evaluate("r => window.tavoliere.engineRequest(r)", {"op": "view", "game": "hekka"})
    assert answer["ok"], answer
    wait_stored(page)

    assert page.evaluate(f"localStorage.getItem('{STORED_HINT}')") == "1"
    assert room(page, server)["path"] == "snapshot"
    assert errors.real() == []
    page.close()


@pytest.mark.browser
def test_the_setting_turns_snapshots_off_and_forgets_the_copy(visited, server):
    page, errors = watched(visited[0])
    a_stored_snapshot(page, errors, server)
    room(page, server)
    assert page.locator("#quick-start").is_checked()
    page.locator("#more > summary").click()  # the setting is in the room's More menu
    page.locator("#quick-start").uncheck()
    stored_key(page, present=False, seconds=10)
    assert page.evaluate("localStorage.getItem('tavoliere.snapshot')") == "off"
    assert page.evaluate(f"localStorage.getItem('{STORED_HINT}')") is None
    off = room(page, server)
    assert off["path"] == "fresh (snapshots off)" and off["prestarted"] is False
    assert not page.locator("#quick-start").is_checked()
    page.locator("#more > summary").click()
    page.locator("#quick-start").check()
    assert page.evaluate("localStorage.getItem('tavoliere.snapshot')") is None
    assert errors.real() == []
    page.close()


class TwoBuilds(SlowHandler):
    """One origin serving one build or another (the test switches ``root``)."""

    root = None

    def __init__(self, *args, **kwargs):
        kwargs["directory"] = str(TwoBuilds.root)
        super().__init__(*args, **kwargs)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")  # the browser asks again after the switch
        super().end_headers()


@pytest.mark.browser
def test_a_new_wheel_invalidates_the_old_snapshot(browser, site, tmp_path):
    newer = tmp_path / "site"
    shutil.copytree(site, newer)
    wheel = build.build_wheel(newer / "wheels", TEST_GAMES)  # the same name, other contents
    info = json.loads((newer / "site.json").read_text())
    info["wheel_sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    (newer / "site.json").write_text(json.dumps(info))
    TwoBuilds.root = site
    server = start_server(site, TwoBuilds)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(service_workers="block")  # each build's files as served
    try:
        page, errors = watched(context)
        old = room(page, url)
        wait_stored(page)

        TwoBuilds.root = newer
        load = room(page, url)
        assert load["path"] == "fresh (snapshot refused: another build)"
        assert load["key"] != old["key"]
        assert wait_stored(page)["key"] == load["key"]

        restored = room(page, url)
        assert restored["path"] == "snapshot" and restored["key"] == load["key"]
        # the restored engine is the new wheel's: it knows the test suite's own game
        answer = page.evaluate("r => window.tavoliere.engineRequest(r)", {"op": "view", "game": "tinydice"})
        assert answer["ok"], answer
        assert errors.real() == []
    finally:
        context.close()
        server.shutdown()


@pytest.mark.browser
def test_a_snapshot_belongs_to_one_standard_library_and_one_wheel(browser, server, site):
    """build.py trims Pyodide's standard library, so a snapshot made with another copy of it
    is another build's, as one made with another wheel is."""
    info = json.loads((site / "site.json").read_text())
    stdlib = (site / "pyodide" / "python_stdlib.zip").read_bytes()
    assert info["stdlib_sha256"] == hashlib.sha256(stdlib).hexdigest()
    page = browser.new_page()
    try:
        page.goto(server + "site.json")
        keys = page.evaluate("""async (info) => {
          const { snapshotKey } = await import("./web/snapshot.js");
          return [info, { ...info, stdlib_sha256: "0" }, { ...info, wheel_sha256: "0" }]
            .map(snapshotKey);
        }""", info)
    finally:
        page.close()
    assert len(set(keys)) == 3 and info["stdlib_sha256"] in keys[0]


PLAY_BOARD = ('<!doctype html><meta charset="utf-8"><title>An article</title><link rel="icon" href="data:,">'
              '<script type="module" src="{site}web/embed.js"></script>'
              '<tavoliere-board id="b" game="havannah(size=5)" mode="play" white="human" black="ai:1">'
              '</tavoliere-board>')
WAIT_READY = """async () => { await customElements.whenDefined('tavoliere-board'); return new Promise(resolve => {
  const b = document.getElementById('b');
  if (b.shadowRoot.querySelector('.status').textContent.includes('to move')) resolve();
  b.addEventListener('ready', () => resolve(), { once: true });
}); }"""


@pytest.mark.browser
def test_an_article_with_boards_restores_the_engine_too(context, server, tmp_path):
    (tmp_path / "article.html").write_text(PLAY_BOARD.format(site=server))
    pages = start_server(tmp_path, http.server.SimpleHTTPRequestHandler)
    url = f"http://127.0.0.1:{pages.server_address[1]}/article.html"
    try:
        page, errors = watched(context)
        page.goto(url)
        page.evaluate(WAIT_READY)
        assert page.evaluate("document.getElementById('b').engineLoad.path") == "fresh"
        # the snapshot is stored in the article's origin, where the boards' worker runs
        stored_key(page)

        page.reload()
        page.evaluate(WAIT_READY)
        assert page.evaluate("document.getElementById('b').engineLoad.path") == "snapshot"
        reply = page.evaluate("""() => new Promise(resolve => {
            const b = document.getElementById('b');
            const seen = [];
            b.addEventListener('move', (e) => { seen.push(e.detail.move); if (seen.length === 2) resolve(seen); });
            const rect = b.shadowRoot.querySelector('canvas').getBoundingClientRect();
            b.shadowRoot.querySelector('canvas').dispatchEvent(new MouseEvent('click', {
                clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 2, bubbles: true }));
        })""")
        assert reply[0] == "e5" and len(reply) == 2  # the centre, then the computer's reply
        assert errors.real() == []
    finally:
        pages.shutdown()
