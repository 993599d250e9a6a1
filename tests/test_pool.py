"""The page's pool of search workers (issue 43, web/pool.js) in Chromium.

Chromium here says it has 2 cores; the page is told it has 3, so that the pool has two
workers beside the main one (three Pythons).  The workers are counted twice: by the pool's own
state (``window.tavoliere.pool()``) and by the Worker objects the page made and has not
terminated (a wrapper of ``Worker`` installed before the page's code).  Needs
``python3 build.py build``.
"""

from __future__ import annotations

import pytest

from conftest import NO_SNAPSHOTS, PageWatch

pytestmark = pytest.mark.browser

CORES = 3
POOL = CORES - 1
# The page's Worker objects named "pool..." that are alive (made, not terminated).
COUNT_WORKERS = """
(() => {
  const Real = window.Worker;
  window.poolWorkers = new Set();
  window.Worker = class extends Real {
    constructor(url, options) {
      super(url, options);
      if (options && String(options.name).startsWith("pool")) window.poolWorkers.add(this);
    }
    terminate() { window.poolWorkers.delete(this); super.terminate(); }
  };
})();
"""
SAY_CORES = f"Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {{get: () => {CORES}}});"
LIVE = "window.poolWorkers.size"
TREE = "havannah(size=4)"  # a game whose search is a tree search (its think_stop answers `root`)

# Samples the pool while the computer thinks, until it has played up to `plies` moves: the
# most workers busy at once, and the record then.
WATCH_MOVE = """async (plies) => {
  const api = window.tavoliere;
  let most = 0;
  const until = performance.now() + 120000;
  while (performance.now() < until) {
    most = Math.max(most, api.pool().busy);
    if (api.view().moves.length >= plies && !api.thinking()) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {most, moves: api.view().moves};
}"""

WAIT_BUSY = """async (busy) => {
  const until = performance.now() + 120000;
  while (window.tavoliere.pool().busy < busy || !window.tavoliere.thinking()) {
    if (performance.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}"""

# requestAnimationFrame callbacks over 2 s, the pool busy all along.
FRAMES = """() => new Promise((resolve) => {
  let frames = 0, idle = 0;
  const end = performance.now() + 2000;
  const frame = (now) => {
    frames++;
    if (window.tavoliere.pool().busy < %d) idle++;
    if (now < end) requestAnimationFrame(frame); else resolve({frames, idle});
  };
  requestAnimationFrame(frame);
})""" % POOL


@pytest.fixture(scope="module")
def room(browser, server):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    for script in (NO_SNAPSHOTS, SAY_CORES, COUNT_WORKERS):
        context.add_init_script(script)
    watch = PageWatch(context)
    page = watch.open(server + "#white=human&black=human")
    page.set_default_timeout(120_000)
    yield watch, page
    assert watch.errors == []
    context.close()


def think(page, **request):
    return page.evaluate("(request) => window.tavoliere.think(request)", request)


def test_a_search_with_nothing_to_merge_starts_no_pool_and_a_tree_search_starts_it(room):
    watch, page = room
    assert page.evaluate("window.tavoliere.pool()")["size"] == POOL
    # Damone's positions can come back: its alpha-beta root is not split (alphabeta.py)
    answer = think(page, game="damone", moves=[], level=3, iterations=30, seed=1)
    assert answer["ok"] and "root" not in answer and "split" not in answer
    assert page.evaluate("window.tavoliere.pool()")["started"] == 0 and page.evaluate(LIVE) == 0

    answer = think(page, game=TREE, moves=[], level=1, iterations=30, seed=1)
    assert answer["ok"] and answer["root"]  # a tree search: the pool starts for the next move
    assert "workers" not in answer          # this one was the main worker's alone
    state = page.evaluate("window.tavoliere.poolReady()")
    assert state["started"] == state["ready"] == POOL and state["treeGames"] == [TREE]
    assert page.evaluate(LIVE) == POOL


def test_an_alpha_beta_root_is_split_among_the_workers_as_in_cpython(room):
    """Hekka: the main worker and the two of the pool each search a third of the root's
    moves; the page plays the move CPython's merge of the same shares and seeds gives."""
    import random
    from tavoliere.ai.parallel import merge_split, think as cpython_think, worker_seed
    from tavoliere.core import load_game

    watch, page = room
    game, rng, moves = load_game("hekka"), random.Random(1), []
    state = game.initial_state()
    for _ in range(4):
        move = rng.choice(game.legal_moves(state))
        moves.append(game.move_name(move))
        state = game.apply(state, move)
    request = dict(game="hekka", moves=moves, level=3, iterations=200, seed=3)
    alone = think(page, **request)          # the first search of a game runs alone, and
    assert alone["split"] and "workers" not in alone    # says that it splits
    page.evaluate("window.tavoliere.poolReady()")
    split = think(page, **request)
    assert split["workers"] == CORES
    shares = [cpython_think("hekka", state, 3, None, 200, worker_seed(3, i), share=(i, CORES))
              for i in range(CORES)]
    merged = merge_split([answer["split"] for answer in shares])
    assert (split["move"], split["depth"]) == (merged["best"], merged["depth"])
    assert split["depth"] >= alone["split"][-1][0]


def test_with_fixed_iterations_and_seeds_the_merged_move_is_the_same_on_every_run(room):
    """And it is the move CPython's root-parallel search (ai/parallel.py) merges from the same
    seeds: every worker searched its own tree, and the merge added them up."""
    from tavoliere.ai.parallel import merge, think as cpython_think, worker_seed
    from tavoliere.core import load_game

    watch, page = room
    request = dict(game=TREE, moves=["a1"], level=3, iterations=300, seed=11)
    think(page, **request)                  # (a page's first search runs alone and starts
    page.evaluate("window.tavoliere.poolReady()")   # the pool: not this test's to measure)
    first, second = think(page, **request), think(page, **request)
    assert first["workers"] == second["workers"] == CORES
    assert (first["move"], first["visits"]) == (second["move"], second["visits"])

    game = load_game(TREE)
    state = game.apply(game.initial_state(), game.parse_move("a1", game.initial_state()))
    answers = [cpython_think(TREE, state, 3, None, 300, worker_seed(11, i)) for i in range(CORES)]
    merged = merge([answer["root"] for answer in answers])
    assert (first["move"], first["visits"]) == (merged["best"], merged["visits"])
    # each worker searched a tree of its own
    assert len({repr(answer["root"]) for answer in answers}) == CORES


@pytest.mark.parametrize("spec, moves", [
    ("ghost", "b1c1d2e2 b5c5d6e6 b2-b3 e5-e4 c2-c3"),
    ("go(size=9)", "e5 c3 g4"),
])
def test_the_bots_of_their_own_share_their_root_as_in_cpython(room, spec, moves):
    """Ghost's search over samples of its belief (ai/ghost.py) and Go's tree (ai/go.py)
    share their root statistics too: every worker searches with its own seed (Ghost's from
    the bot's own view: the bridge gives each the same request, so none sees more), and the
    page plays CPython's merge of the same seeds."""
    from tavoliere.ai.parallel import merge, think as cpython_think, worker_seed
    from tavoliere.core import load_game

    watch, page = room
    request = dict(game=spec, moves=moves.split(), level=3, iterations=60, seed=4)
    alone = think(page, **request)
    assert alone["root"] and "workers" not in alone     # the first search of a game: alone
    assert spec in page.evaluate("window.tavoliere.poolReady()")["treeGames"]
    shared = think(page, **request)
    assert shared["workers"] == CORES
    game = load_game(spec)
    state = game.replay(moves.split())
    answers = [cpython_think(spec, state, 3, None, 60, worker_seed(4, i)) for i in range(CORES)]
    assert shared["move"] == merge([answer["root"] for answer in answers])["best"]
    assert len({repr(answer["root"]) for answer in answers}) == CORES


def test_the_weak_levels_think_without_the_pool(room):
    """Levels 1 and 2 are meant to be weak on any device (web/pool.js, POOL_LEVEL)."""
    watch, page = room
    think(page, game=TREE, moves=[], level=3, iterations=20, seed=1)   # the pool is ready
    assert page.evaluate("window.tavoliere.poolReady()")["ready"] == POOL
    assert "workers" not in think(page, game=TREE, moves=[], level=2, iterations=20, seed=1)
    assert think(page, game=TREE, moves=[], level=3, iterations=20, seed=1)["workers"] == CORES


def test_the_computer_plays_a_move_with_every_worker_busy(room):
    watch, page = room
    page.evaluate(f"location.hash = '#game={TREE}&white=ai:3&black=human'")
    seen = page.evaluate(WATCH_MOVE, 1)
    assert seen["most"] == POOL
    assert len(seen["moves"]) == 1
    assert page.evaluate("window.tavoliere.pool()")["busy"] == 0


def test_move_now_stops_every_worker_within_a_slice(room):
    watch, page = room
    page.evaluate(f"location.hash = '#game={TREE}&white=ai:5&black=human'")  # 8 s a move
    assert page.evaluate(WAIT_BUSY, POOL)
    page.wait_for_timeout(300)
    assert page.evaluate("window.tavoliere.pool()")["busy"] == POOL
    stopped = page.evaluate("""async () => {
      const api = window.tavoliere, began = performance.now();
      document.getElementById("move-now").click();
      const over = () => api.pool().busy === 0 && !api.thinking() && api.view().moves.length === 1;
      while (!over() && performance.now() - began < 20000) await new Promise((resolve) => setTimeout(resolve, 5));
      return {ms: performance.now() - began, moves: api.view().moves};
    }""")
    assert len(stopped["moves"]) == 1
    # every worker idle and the merged move played: a slice is 50 ms, far from the level's 8 s
    # even on a loaded machine
    assert stopped["ms"] < 2000, stopped


def test_a_new_game_stops_every_worker(room):
    watch, page = room
    think(page, game=TREE, moves=[], level=1, iterations=20, seed=1)  # the pool starts after
    page.evaluate("window.tavoliere.poolReady()")     # a game's first search (run alone too)
    page.evaluate(f"location.hash = '#game={TREE}&white=ai:5&black=human'")
    assert page.evaluate(WAIT_BUSY, POOL)
    page.evaluate(f"location.hash = '#game={TREE}&white=human&black=human'")
    page.wait_for_function("window.tavoliere.pool().busy === 0 && !window.tavoliere.thinking()",
                           timeout=2000)
    assert page.evaluate("window.tavoliere.view().moves") == []


def test_undo_stops_every_worker(room):
    """The person's move taken back while the computer answers it."""
    watch, page = room
    page.evaluate(f"location.hash = '#game={TREE}&white=human&black=ai:5&moves=a1'")
    assert page.evaluate(WAIT_BUSY, POOL)
    page.evaluate("document.getElementById('undo').click()")
    # the undo asks the engine where to go back to after stopping the search: its end is the
    # record without the person's move, and every worker idle
    page.wait_for_function("window.tavoliere.view().moves.length === 0", timeout=10000)
    page.wait_for_function("window.tavoliere.pool().busy === 0 && !window.tavoliere.thinking()",
                           timeout=2000)


def test_a_page_hidden_a_while_frees_the_pool_and_the_next_search_starts_it_again(room):
    watch, page = room
    assert page.evaluate(LIVE) == POOL
    page.evaluate("window.tavoliere.poolHiddenMs(300)")
    hide = """(state) => {
      Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
      document.dispatchEvent(new Event("visibilitychange"));
    }"""
    page.evaluate(hide, "hidden")
    page.evaluate(hide, "visible")  # back before the time: kept
    page.wait_for_timeout(600)
    assert page.evaluate(LIVE) == POOL
    page.evaluate(hide, "hidden")
    page.wait_for_function(f"{LIVE} === 0 && window.tavoliere.pool().started === 0", timeout=5000)
    page.evaluate(hide, "visible")
    think(page, game=TREE, moves=[], level=1, iterations=20, seed=2)
    assert page.evaluate("window.tavoliere.poolReady()")["ready"] == POOL
    assert page.evaluate(LIVE) == POOL


@pytest.mark.slow
def test_the_page_keeps_fifty_frames_a_second_while_every_worker_thinks(room):
    """A frame rate: it needs a machine whose cores are not taken by other work
    (docs/search.md gives the figures measured here)."""
    watch, page = room
    think(page, game=TREE, moves=[], level=1, iterations=20, seed=1)  # the pool starts after
    page.evaluate("window.tavoliere.poolReady()")     # a game's first search (run alone too)
    page.evaluate(f"location.hash = '#game={TREE}&white=ai:5&black=human'")
    assert page.evaluate(WAIT_BUSY, POOL)
    counted = page.evaluate(FRAMES)
    page.evaluate("document.getElementById('move-now').click()")
    assert counted["idle"] == 0  # every worker thought all along
    assert counted["frames"] >= 100, counted


def test_the_pool_starts_from_the_engine_snapshot(browser, server):
    """A browser with the engine's snapshot stored: every pool worker restores it (worker.js's
    load path "snapshot") instead of starting Python from scratch."""
    context = browser.new_context()  # snapshots on (the default), in a storage of its own
    context.add_init_script(SAY_CORES)
    try:
        watch = PageWatch(context)
        page = watch.page
        page.set_default_timeout(240_000)
        watch.open(server + "#white=human&black=human")
        assert page.evaluate("window.tavoliere.snapshotDone()")["stored"]
        page.goto("about:blank")
        watch.open(server + "#white=human&black=human")
        assert page.evaluate("window.tavoliere.engineLoad().path") == "snapshot"
        think(page, game=TREE, moves=[], level=1, iterations=20, seed=1)
        state = page.evaluate("window.tavoliere.poolReady()")
        assert state["paths"] == ["snapshot"] * POOL
        assert think(page, game=TREE, moves=[], level=3, iterations=50, seed=1)["workers"] == CORES
        assert watch.errors == []
    finally:
        context.close()
