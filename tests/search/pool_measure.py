"""The page's pool of search workers in Chromium (issue 43): memory and frames.

    python3 build.py build
    python3 tests/search/pool_measure.py --cores 5 --rounds 3

The page is told the device has ``--cores`` cores (so the pool has cores - 1 workers).  It
prints the resident memory of this Chromium's renderer processes (where the page's workers
run) with the main engine alone, with the pool started and after a search, and while every
worker thinks; then, ``--rounds`` times, the requestAnimationFrame callbacks the page got in
2 s while idle, while the main worker alone thinks (the cores setting at 1), and while every
worker thinks (Havannah base 8, 3 s a search).  Snapshots are off, as in the tests: each
worker starts Python from scratch.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]
from conftest import CHROMIUM_FLAGS, NO_SNAPSHOTS, chromium_path, start_server  # noqa: E402

GAME = "havannah(size=8)"
FRAMES = """() => new Promise((resolve) => { let n = 0; const end = performance.now() + 2000;
  const frame = (now) => { n++; if (now < end) requestAnimationFrame(frame); else resolve(n); };
  requestAnimationFrame(frame); })"""


def descendants() -> set[str]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry))
    found, todo = set(), [os.getpid()]
    while todo:
        pid = todo.pop()
        found.add(str(pid))
        todo += children.get(pid, [])
    return found


def renderer_mb() -> int:
    """Resident MB of this browser's renderer processes (the page and its workers)."""
    ours = descendants()
    listing = subprocess.run(["ps", "-eo", "pid,rss,args"], capture_output=True, text=True).stdout
    return sum(int(line.split()[1]) for line in listing.splitlines()[1:]
               if line.split()[0] in ours and "--type=renderer" in line) // 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cores", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = start_server(ROOT / "_site")
    url = f"http://127.0.0.1:{server.server_address[1]}/#white=human&black=human"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        context = browser.new_context()
        context.add_init_script(NO_SNAPSHOTS)
        context.add_init_script("Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', "
                                f"{{get: () => {args.cores}}});")
        page = context.new_page()
        page.set_default_timeout(600_000)
        page.goto(url)
        page.evaluate("window.tavoliere.ready")
        time.sleep(2)
        alone = renderer_mb()
        print(f"renderer MB, the main engine alone: {alone}")
        page.evaluate(f"window.tavoliere.think({{game: '{GAME}', moves: [], iterations: 20, seed: 3}})")
        state = page.evaluate("window.tavoliere.poolReady()")
        page.evaluate(f"window.tavoliere.think({{game: '{GAME}', moves: [], iterations: 300, seed: 3}})")
        pooled = renderer_mb()
        workers = state["ready"]
        print(f"with {workers} pool workers, after a 300-iteration search: {pooled} "
              f"({(pooled - alone) / max(1, workers):.0f} a worker)")

        def during(request):
            page.evaluate("(r) => { window.done = null; window.tavoliere.think(r).then((a) => { window.done = a; }); }",
                          request)
            time.sleep(0.3)
            frames, busy, memory = page.evaluate(FRAMES), page.evaluate("window.tavoliere.pool().busy"), renderer_mb()
            page.wait_for_function("window.done")
            return frames, busy, memory

        for round_ in range(args.rounds):
            idle = page.evaluate(FRAMES)
            page.evaluate("localStorage.setItem('tavoliere.cores', '1')")  # the pool off
            single, _, _ = during({"game": GAME, "moves": [], "seconds": 3, "seed": round_})
            page.evaluate("localStorage.removeItem('tavoliere.cores')")
            every, busy, memory = during({"game": GAME, "moves": [], "seconds": 3, "seed": round_})
            print(f"round {round_}: frames in 2 s idle {idle}, main worker alone {single}, "
                  f"all {workers + 1} ({busy} pool workers busy) {every}; renderer MB then {memory}",
                  flush=True)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
