"""Shared fixtures: the built site, a local server for it, Pyodide under Node, and Chromium."""

from __future__ import annotations

import contextlib
import functools
import gc
import http.server
import os
import random
import shutil
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

# Games that exist only in the test suite, registered under the name they have in a wheel
# built with them (build.build(extra_games=...)), so the conformance suite covers them too.
TEST_GAMES = (ROOT / "tests" / "games" / "tinydice.py", ROOT / "tests" / "games" / "pairs.py")
build.shipped_games(TEST_GAMES)

# No test of the ordinary run may hang the suite: a page that never becomes ready would wait
# for ever in `page.evaluate` (Playwright gives it no time limit).  The slow runs have none.
TEST_TIME_LIMIT_S = 300


def pytest_collection_modifyitems(config, items):
    run_heavy_files_first(items)
    if not config.pluginmanager.hasplugin("timeout"):
        return
    for item in items:
        if item.get_closest_marker("slow") is None and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(TEST_TIME_LIMIT_S))


def run_heavy_files_first(items):
    """The files that drive a browser or Pyodide first, each file's tests in their order: in
    the two processes of `build.py test` (a file to a process) the many short files then
    fill the end of the run, where a long file last would leave one process waiting."""
    def heavy(item):
        return (item.get_closest_marker("browser") or item.get_closest_marker("pyodide")
                or {"browser", "site", "server"} & set(getattr(item, "fixturenames", ())))
    heavy_files = {item.path for item in items if heavy(item)}
    items.sort(key=lambda item: item.path not in heavy_files)


CHROMIUM_FLAGS = build.CHROMIUM_FLAGS
OUTPUT = ROOT / "test-output"


def click_more(page, selector):
    """Click one of the room's secondary actions, opening its More menu first."""
    if not page.evaluate("document.getElementById('more').open"):
        page.locator("#more > summary").click()
    page.locator(selector).click()


def start_every_board(page):
    """Scroll each of a page's boards into view until it has started: a board starts when it
    is seen, and one scrolled past between two frames is never seen (it stays a picture)."""
    for board in page.locator("tavoliere-board").all():
        board.scroll_into_view_if_needed()
        page.wait_for_function("board => board.started", arg=board.element_handle())


def run_search(search):
    """Drive a search that pauses between chunks of work (a generator) to its answer."""
    try:
        while True:
            next(search)
    except StopIteration as stop:
        return stop.value


def random_state(game, seed, plies):
    """The state after up to ``plies`` random plies (fewer if the game ends), then the dice
    due, if any: a position where a player chooses (rolls are drawn as the game rolls them)."""
    from tavoliere.core import CHANCE
    rng, state = random.Random(seed), game.initial_state()
    for _ in range(plies):
        if game.outcome(state) is not None:
            break
        state = game.apply(state, game.random_move(state, rng))
    while game.to_move(state) == CHANCE and game.outcome(state) is None:
        state = game.apply(state, game.roll(state, rng))
    return state


# The name of this pytest-xdist worker ("gw0", ...), or None in a run of one process.
XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER")


@pytest.fixture
def quiet_collector():
    """For a test that times the engine's chunks in CPU time: the objects earlier tests left
    are frozen out of the garbage collector's sight until it ends.  A page's worker holds
    the engine alone; a full collection of a long run's heap (one stretched a 50 ms slice to
    138 ms under pytest-xdist) is not the chunk's doing."""
    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()


@pytest.fixture(scope="session")
def site() -> Path:
    """_site/ built from the working tree, once per test session; each pytest-xdist worker
    builds a copy of its own (a build starts by removing the folder it builds in)."""
    if XDIST_WORKER:
        return build.build(OUTPUT / f"site-{XDIST_WORKER}")
    return build.build()


@pytest.fixture(scope="session")
def extra_wheels() -> Path:
    return build.extra_wheels()


class SlowHandler(build.SiteHandler):
    """The site's handler, able to hold back chosen files (to see the page before the engine)."""

    delays: dict[str, float] = {}
    missing: set[str] = set()

    def do_GET(self):
        path = self.path.split("?")[0]
        for suffix, seconds in self.delays.items():
            if path.endswith(suffix):
                time.sleep(seconds)
        if any(path.endswith(suffix) for suffix in self.missing):
            self.send_error(404)
            return
        super().do_GET()


@contextlib.contextmanager
def held_back(delays: dict[str, float]):
    """The servers hold back the files whose paths end as ``delays`` says, for that many
    seconds each, until the block ends (to see the page before the engine, say)."""
    SlowHandler.delays = delays
    try:
        yield
    finally:
        SlowHandler.delays = {}


def start_server(directory: Path, handler=SlowHandler):
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture(scope="session")
def server(site):
    server = start_server(site)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def chromium_path() -> str | None:
    """Debian's Chromium, a path from TAVOLIERE_CHROMIUM, or None for Playwright's own."""
    for candidate in (os.environ.get("TAVOLIERE_CHROMIUM"), "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    return None


WAIT_MS = 60_000


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        path = chromium_path()
        if path is None and not Path(playwright.chromium.executable_path).exists():
            pytest.fail("no Chromium: install Debian's chromium or set TAVOLIERE_CHROMIUM "
                        "(the tests never download a browser)")
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        opened = browser.new_context

        def patient_context(*args, **kwargs):
            # Python loads in 5 s here idle and beyond 30 s (Playwright's wait) on a loaded CI
            # machine: a wait for something that follows the engine gets WAIT_MS.
            context = opened(*args, **kwargs)
            context.set_default_timeout(WAIT_MS)
            return context

        browser.new_context = patient_context
        yield browser
        browser.close()


class PageWatch:
    """A page with its console errors and its requests recorded."""

    def __init__(self, context):
        self.page = context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        context.on("request", lambda r: self.requests.append(r.url))

    def open(self, url: str, wait_ready: bool = True):
        self.page.goto(url)
        if wait_ready:
            self.page.evaluate("window.tavoliere.ready", None)
        return self.page


# A page a test opens in a context of its own makes no engine snapshot (issue 19): a snapshot
# is made by a second Python when the page is idle, which would only compete with the test for
# the machine.  tests/test_snapshot.py opens its own contexts, with snapshots on.
NO_SNAPSHOTS = "try { localStorage.setItem('tavoliere.snapshot', 'off'); } catch (e) {}"
# ... and they are not greeted by the welcome (tests/test_welcome.py opens its own contexts).
NO_WELCOME = "try { localStorage.setItem('tavoliere.welcomed', '1'); } catch (e) {}"


@pytest.fixture(scope="session")
def engine_profile(browser, server, tmp_path_factory) -> Path | None:
    """A browser profile that has visited the test server once and stored the engine's
    snapshot there, as a returning player's browser has.  A fresh start of Python costs about
    10 s of CPU, a restore about 2 (docs/testing.md): the pages of `watch` start from a copy
    of this profile, so the suite spends its time on what it tests.  The fresh start has its
    own tests, in contexts of their own (`first_visit`, tests/test_snapshot.py, ...).  None,
    with a warning, where this browser stores no snapshot (test_snapshot.py says why)."""
    folder = tmp_path_factory.mktemp("engine-profile")
    # (no service worker: its cache would serve the next pages' files, past the server)
    context = persistent_context(browser, folder, service_workers="block")
    try:
        context.add_init_script(NO_WELCOME)
        page = context.pages[0]
        page.goto(server)
        page.evaluate("window.tavoliere.ready")
        report = page.evaluate("window.tavoliere.snapshotDone()")
        if not report["stored"]:
            warnings.warn(f"no engine snapshot for the tests' pages: {report}")
            return None
        # of the local storage, only the hint that a snapshot is stored (the game just
        # opened, the welcome seen and the rest are for each test to set), cleared from a
        # page of the site that is not the room, which saves on leaving
        page.goto(server + "site.json")
        page.evaluate(KEEP_ONLY_THE_HINT, SNAPSHOT_HINT)
    finally:
        context.close()
    make_sure_only_the_hint_is_kept(browser, folder, server)
    return folder


SNAPSHOT_HINT = "tavoliere.snapshot.stored"
KEEP_ONLY_THE_HINT = """(hint) => {
    const stored = localStorage.getItem(hint);
    localStorage.clear();
    if (stored !== null) localStorage.setItem(hint, stored);
}"""


def make_sure_only_the_hint_is_kept(browser, folder: Path, server: str, tries: int = 3) -> None:
    """Reads the profile's local storage back from a fresh start, and clears it again where
    more than the hint is kept: a CI run (stop 73) found the welcome seen in every copy of
    one worker's profile, the clear made just before the browser closed lost."""
    for _ in range(tries):
        context = persistent_context(browser, folder, service_workers="block")
        try:
            page = context.pages[0]
            page.goto(server + "site.json")
            found = page.evaluate("Object.keys(localStorage).sort()")
            if set(found) <= {SNAPSHOT_HINT}:
                return
            warnings.warn(f"the engine's profile kept {found} in its local storage: cleared again")
            page.evaluate(KEEP_ONLY_THE_HINT, SNAPSHOT_HINT)
        finally:
            context.close()
    raise RuntimeError(f"the engine's profile keeps {found} in its local storage, not only {SNAPSHOT_HINT}")


def persistent_context(browser, folder: Path, **options):
    """A browser of its own on the profile in ``folder`` (Playwright has no other way to give
    a context stored data that is not cookies and local storage)."""
    context = browser.browser_type.launch_persistent_context(
        str(folder), executable_path=chromium_path(), args=CHROMIUM_FLAGS, headless=True, **options)
    context.set_default_timeout(WAIT_MS)
    return context


@pytest.fixture
def returning(browser, engine_profile, server, tmp_path):
    """Makes contexts as ``browser.new_context(**options)`` does, each in a browser of its
    own whose profile is a copy of `engine_profile`: its storage starts as that profile's
    (the engine's snapshot only), and nothing of it reaches the next test.  A page of another
    origin than `server` makes no snapshot.  They are closed when the test ends."""
    contexts = []
    only_here = f"if (location.origin !== {server.rstrip('/')!r}) {{ {NO_SNAPSHOTS} }}"

    def open_context(**options):
        if engine_profile is None:  # as a first visit, then
            contexts.append(first_visit_context(browser, **options))
            return contexts[-1]
        folder = tmp_path / f"profile-{len(contexts)}"
        shutil.copytree(engine_profile, folder)
        context = persistent_context(browser, folder, **options)
        context.pages[0].close()  # (the tests open their pages, as in a new context)
        context.add_init_script(only_here)
        contexts.append(context)
        return context

    yield open_context
    for context in contexts:
        context.close()
    for folder in tmp_path.glob("profile-*"):  # tens of megabytes each
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def watch(returning):
    """A page with the engine's snapshot stored (`returning`), past the welcome."""
    context = returning(viewport={"width": 1200, "height": 900})
    context.add_init_script(NO_WELCOME)
    return PageWatch(context)


def first_visit_context(browser, **options):
    """A new context with nothing stored: Python starts from scratch, as on a first visit
    (and makes no snapshot afterwards)."""
    context = browser.new_context(**options)
    context.add_init_script(NO_SNAPSHOTS)
    return context


@pytest.fixture
def first_visit(browser):
    """A page as `watch`'s, but in a `first_visit_context`."""
    context = first_visit_context(browser, viewport={"width": 1200, "height": 900})
    context.add_init_script(NO_WELCOME)
    yield PageWatch(context)
    context.close()


def run_in_pyodide(site: Path, code: str, micropip_dir: Path | None = None,
                   runtime: Path | None = None) -> str:
    """Run ``code`` in Pyodide under Node with the site's wheel; its stdout.  ``runtime``: a
    Pyodide other than the site's (whose standard library build.py trims)."""
    node = shutil.which("node")
    if not node:
        pytest.fail("node is needed for the Pyodide tests")
    wheel = next((site / "wheels").glob("tavoliere-*.whl"))
    script = OUTPUT / f"pyodide-code-{XDIST_WORKER or 'main'}.py"
    OUTPUT.mkdir(exist_ok=True)
    script.write_text(code)
    runtime = runtime or site / "pyodide"
    command = [node, str(ROOT / "tests" / "pyodide" / "run.mjs"), str(runtime),
               str(wheel), str(script)]
    if micropip_dir:
        command += ["--micropip", str(micropip_dir)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout
