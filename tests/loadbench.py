"""The page load benchmark behind ``python build.py bench``: the built site in headless Chromium,
N fresh visits, side by side with a bare page that loads only Pyodide from the same files, and
after each first visit two repeat visits in the same browser: one with the engine snapshot
(issue 19), one without."""

from __future__ import annotations

import gzip
import statistics
from pathlib import Path
from urllib.parse import urlparse

from conftest import CHROMIUM_FLAGS, chromium_path, start_server

BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
const mode = new URLSearchParams(location.search).get("install") || "none";
const worker = new Worker("bare-worker.js?install=" + mode, {type: "module"});
worker.onmessage = (event) => {
  performance.mark("pyodide-ready");
  window.installMs = event.data.installMs;
  window.bareReady = true;
};
</script>"""
# Loads Pyodide alone, then (for the comparison in the README) installs the project wheel
# with pyodide.loadPackage(url), with pyodide.unpackArchive(bytes) or with micropip.install(url).
BARE_WORKER = """import { loadPyodide } from "../pyodide/pyodide.mjs";
const mode = new URL(import.meta.url).searchParams.get("install");
const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
const info = await (await fetch("../site.json")).json();
const wheel = new URL("../" + info.wheel, import.meta.url).href;
const start = performance.now();
if (mode === "loadPackage") {
  await pyodide.loadPackage(wheel);
} else if (mode === "unpackArchive") {
  pyodide.unpackArchive(await (await fetch(wheel)).arrayBuffer(), "wheel");
} else if (mode === "micropip") {
  await pyodide.loadPackage(["packaging-26.1-py3-none-any.whl", "micropip-0.11.1-py3-none-any.whl"]
    .map((name) => new URL(name, import.meta.url).href));
  pyodide.globals.set("wheel_url", wheel);
  await pyodide.runPythonAsync("import micropip\\nawait micropip.install(wheel_url)");
}
if (mode !== "none") pyodide.runPython("import tavoliere.bridge");
postMessage({ installMs: performance.now() - start });"""


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 6))


def visit(browser, url: str, ready_js: str, marks: list[str], site: Path, keep: bool = False):
    """A first visit in a new browser context: the marks' times and the transfer; with
    ``keep``, the context is left open (and returned) for repeat visits."""
    context = browser.new_context()
    page = context.new_page()
    paths: list[str] = []
    page.on("requestfinished", lambda r: paths.append(urlparse(r.url).path))
    context.on("requestfinished", lambda r: paths.append(urlparse(r.url).path))
    page.goto(url)
    page.wait_for_function(ready_js, timeout=120_000)
    times = {m: page.evaluate(f"performance.getEntriesByName('{m}')[0].startTime") for m in marks}
    files = {site / p.lstrip("/") for p in paths}
    transfer = sum(gzip_size(f) for f in files if f.is_file())
    if keep:
        return times, transfer, context
    context.close()
    return times, transfer


ROOM_READY = "window.tavoliere && performance.getEntriesByName('engine-ready').length"


def repeat_visit(page, url: str) -> tuple[float, dict]:
    """Open the room again in the same browser (files cached, the service worker in place):
    the engine-ready time and how the engine started."""
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_function(ROOM_READY, timeout=120_000)
    ready = page.evaluate("performance.getEntriesByName('engine-ready')[0].startTime")
    return ready, page.evaluate("window.tavoliere.engineLoad()")


def run_load_benchmark(site: Path, runs: int = 5, wheels: Path | None = None) -> dict:
    from playwright.sync_api import sync_playwright

    bare = site / "bench-bare"
    bare.mkdir(exist_ok=True)
    (bare / "index.html").write_text(BARE_PAGE)
    (bare / "bare-worker.js").write_text(BARE_WORKER)
    for wheel in (wheels.glob("*.whl") if wheels else ()):
        (bare / wheel.name).write_bytes(wheel.read_bytes())
    server = start_server(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    rows = {"board painted": [], "engine ready": [], "bare Pyodide ready": []}
    repeats = {"repeat visit, no snapshot": [], "repeat visit, snapshot": []}
    restore_ms: list[float] = []   # the worker's own time from its start to ready, restoring
    made: list[dict] = []
    installs: dict[str, list[float]] = {}
    transfer = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        for run in range(runs):  # interleaved, so all the pages see the same machine load
            times, transfer, context = visit(browser, base, ROOM_READY, ["board-painted", "engine-ready"],
                                             site, keep=True)
            rows["board painted"].append(times["board-painted"])
            rows["engine ready"].append(times["engine-ready"])
            # The same browser comes back: first the snapshot made after the first visit
            # must be stored, then one visit with snapshots off and one with them on (in
            # turns first, so neither always has the warmer caches).
            page = context.pages[0]
            report = page.evaluate("window.tavoliere.snapshotDone()")
            if not report.get("stored"):
                raise SystemExit(f"the snapshot was not stored: {report}")
            made.append(report)
            order = [("?snapshot=off", "repeat visit, no snapshot"), ("", "repeat visit, snapshot")]
            for query, row in (order if run % 2 == 0 else order[::-1]):
                ready, load = repeat_visit(page, base + query)
                expected = "snapshot" if query == "" else "fresh (snapshots off)"
                if load["path"] != expected:
                    raise SystemExit(f"{row}: the engine took the path {load['path']!r}")
                if load["prestarted"] != (query == ""):  # web/prestart.js starts only a restore
                    raise SystemExit(f"{row}: the worker was {'' if load['prestarted'] else 'not '}prestarted")
                repeats[row].append(ready)
                if query == "":
                    restore_ms.append(load["ms"])
            context.close()
            bare_times, _ = visit(browser, base + "bench-bare/", "window.bareReady === true",
                                  ["pyodide-ready"], site)
            rows["bare Pyodide ready"].append(bare_times["pyodide-ready"])
            for mode in ("loadPackage", "unpackArchive", "micropip"):
                installs.setdefault(mode, []).append(install_time(browser, base, mode))
        browser.close()
    server.shutdown()
    print(f"page load, {runs} fresh visits each (ms after navigation start; median [min-max]):")
    for name, values in rows.items():
        print(f"  {name:<20} {statistics.median(values):7.0f}  [{min(values):.0f}-{max(values):.0f}]")
    overhead = statistics.median(rows["engine ready"]) - statistics.median(rows["bare Pyodide ready"])
    print(f"  engine ready - bare Pyodide: {overhead:+.0f} ms (target <= +500)")
    print(f"  first-visit transfer, gzip-equivalent: {transfer / 1e6:.2f} MB (target <= 6.5)")
    print(f"repeat visits, the same browser, {runs} each (engine ready, ms; median [min-max]):")
    first = statistics.median(rows["engine ready"])
    print(f"  {'first visit':<28} {first:7.0f}  [{min(rows['engine ready']):.0f}-{max(rows['engine ready']):.0f}]")
    for name, values in repeats.items():
        print(f"  {name:<28} {statistics.median(values):7.0f}  [{min(values):.0f}-{max(values):.0f}]")
    plain, restored = (statistics.median(v) for v in repeats.values())
    print(f"  with snapshot / without: {restored / plain:.2f} (target <= 0.25); "
          f"with snapshot {restored:.0f} ms (target <= 600)")
    print(f"  the worker's own start when restoring: {statistics.median(restore_ms):.0f} ms "
          f"[{min(restore_ms):.0f}-{max(restore_ms):.0f}]")
    size = made[-1]["bytes"] / 2**20
    stored = made[-1]["stored_bytes"] / 2**20
    making = [m["ms"] for m in made]
    print(f"  snapshot: {size:.1f} MiB of memory, {stored:.1f} MiB stored; made in "
          f"{statistics.median(making):.0f} ms [{min(making):.0f}-{max(making):.0f}] by the idle worker")
    print("installing the wheel and importing the bridge, after Pyodide is up (ms; median [min-max]):")
    for mode, values in installs.items():
        print(f"  {mode:<20} {statistics.median(values):7.0f}  [{min(values):.0f}-{max(values):.0f}]")
    return {"rows": rows, "repeats": repeats, "transfer": transfer, "overhead": overhead,
            "installs": installs, "restore_ms": restore_ms, "made": made}


def install_time(browser, base: str, mode: str) -> float:
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}bench-bare/?install={mode}")
    page.wait_for_function("window.bareReady === true", timeout=120_000)
    value = page.evaluate("window.installMs")
    context.close()
    return value


EMBED_PAGE = """<!doctype html><meta charset="utf-8"><title>three boards</title><link rel="icon" href="data:,">
<script type="module" src="../web/embed.js"></script>
<tavoliere-board game="havannah(size=8)" moves="d2,h8,e2,i9" position="white:d2,e2;black:h8,i9">1. d2 h8 2. e2 i9</tavoliere-board>
<tavoliere-board game="barrier(size=6)" moves="c2,c4" position="white:c2;black:c4">1. c2 c4</tavoliere-board>
<tavoliere-board game="hexade(size=8)" moves="a1,h8" position="white:a1;black:h8">1. a1 h8</tavoliere-board>
<script>
  let shown = 0;
  for (const board of document.querySelectorAll("tavoliere-board")) {
    board.addEventListener("shown", () => { if (++shown === 3) performance.mark("all-shown"); });
    board.addEventListener("ready", () => { window.readyBoards = (window.readyBoards || 0) + 1; });
  }
</script>"""


def run_embed_benchmark(site: Path, runs: int = 5) -> dict:
    """A page with three embedded boards: the time until all three positions are drawn (no
    engine needed), then the engine: how many workers, and Python's memory."""
    from playwright.sync_api import sync_playwright

    folder = site / "bench-embed"
    folder.mkdir(exist_ok=True)
    (folder / "index.html").write_text(EMBED_PAGE)
    server = start_server(site)
    # snapshots off: a snapshot worker starting after the boards are ready would be counted
    url = f"http://127.0.0.1:{server.server_address[1]}/bench-embed/?snapshot=off"
    times, workers, memory = [], [], None
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        for _ in range(runs):
            context = browser.new_context(viewport={"width": 900, "height": 3000})
            page = context.new_page()
            page.goto(url)
            page.wait_for_function("performance.getEntriesByName('all-shown').length === 1")
            times.append(page.evaluate("performance.getEntriesByName('all-shown')[0].startTime"))
            page.wait_for_function("window.readyBoards === 3", timeout=120_000)
            workers.append(len(page.workers))
            memory = page.workers[0].evaluate("self.engineMemoryBytes ? self.engineMemoryBytes() : null")
            context.close()
        browser.close()
    server.shutdown()
    print(f"three embedded boards, {runs} fresh visits:")
    print(f"  all three positions drawn   {statistics.median(times):7.0f} ms  [{min(times):.0f}-{max(times):.0f}] (target < 1000, no engine)")
    print(f"  engine workers on the page  {max(workers)} (one Pyodide for all boards)")
    if memory:
        print(f"  Python's WebAssembly memory {memory / 2**20:7.1f} MiB")
    return {"times": times, "workers": workers, "memory": memory}
