#!/usr/bin/env python3
"""Build, serve, test and benchmark the Tavoliere site.  Standard library only.

    python build.py build            # _site/: index.html, web/, the wheel, the Pyodide runtime
    python build.py serve [--port N] # build, then serve _site/ on http://127.0.0.1:8000
    python build.py test  [--slow]   # install the test dependencies, build, run the whole suite
    python build.py bench [--runs N] # page load benchmark in headless Chromium
    python build.py lighthouse       # Lighthouse on the welcome, the room and the example article
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "_site"
CACHE = ROOT / "build"
# The runtime's two big files, whose download the loading bar follows (web/worker.js).
DOWNLOADED = ("pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# Standard-library modules (top-level names in python_stdlib.zip) that nothing in the page
# imports, left out of the site's copy: with the codecs below, a megabyte less on a first visit.
# tests/test_pyodide.py checks, in the whole runtime, that the engine, its warm-up and Pyodide's
# start-up import none of them.  (html stays: micropip needs it, and the load benchmark installs
# the wheel with micropip too, for comparison.)
UNUSED_STDLIB = frozenset({
    "_pyrepl", "cProfile.py", "ctypes", "difflib.py", "doctest.py", "ftplib.py", "http",
    "imaplib.py", "mailbox.py", "mimetypes.py", "multiprocessing", "pdb.py", "pickletools.py",
    "poplib.py", "profile.py", "pydoc.py", "smtplib.py", "sqlite3", "statistics.py",
    "tabnanny.py", "tomllib", "trace.py", "unittest", "webbrowser.py", "wsgiref", "xml",
    "xmlrpc", "zipapp.py"})
# The codecs kept (encodings/NAME.py): Unicode, Latin-1, ASCII, and cp437 for zip file names;
# the other code pages are most of the codecs' weight.
KEPT_CODECS = frozenset({
    "__init__", "aliases", "ascii", "charmap", "cp437", "idna", "latin_1", "punycode",
    "raw_unicode_escape", "undefined", "unicode_escape", "utf_16", "utf_16_be", "utf_16_le",
    "utf_32", "utf_32_be", "utf_32_le", "utf_8", "utf_8_sig"})
# Wheels that only the tests and the benchmark need (the page itself loads no micropip),
# pinned by version and sha256 as served by PyPI.
EXTRA_WHEELS = {
    "micropip-0.11.1-py3-none-any.whl":
        "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
    "packaging-26.1-py3-none-any.whl":
        "5d9c0669c6285e491e0ced2eee587eaf67b670d94a19e94e3984a481aba6802f",
}
FIXED_TIME = (2026, 1, 1, 0, 0, 0)  # wheel entries get one date, so builds are reproducible


def log(text: str) -> None:
    print(f"[build] {text}", flush=True)


def version() -> str:
    text = (ROOT / "py" / "tavoliere" / "__init__.py").read_text()
    return re.search(r'__version__ = "([^"]+)"', text).group(1)


def project() -> dict:
    """pyproject.toml's [project] table: the wheel's summary, the tests' requirements."""
    import tomllib
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def locked_pyodide_version() -> str:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    return lock["packages"]["node_modules/pyodide"]["version"]


def ensure_node_modules() -> Path:
    """The Pyodide runtime from the npm package, installed from package-lock.json (with its
    integrity hashes) when missing or of another version."""
    runtime = ROOT / "node_modules" / "pyodide"
    wanted = locked_pyodide_version()
    package = runtime / "package.json"
    if not package.exists() or json.loads(package.read_text())["version"] != wanted:
        npm = shutil.which("npm")
        if not npm:
            sys.exit("npm is needed to fetch the Pyodide runtime (package-lock.json); install Node.js")
        log(f"npm ci (pyodide {wanted})")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    return runtime


# -- the wheel ----------------------------------------------------------------------------------
def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def build_wheel(out_dir: Path, extra_games: tuple[Path, ...] = ()) -> Path:
    """A pure-Python wheel of py/tavoliere, written directly (it is only a zip with metadata),
    so the build needs no setuptools.  ``extra_games`` are game modules added to
    ``tavoliere/games/`` (the tests build a site with a game of their own)."""
    ver = version()
    dist_info = f"tavoliere-{ver}.dist-info"
    files: dict[str, bytes] = {}
    package = ROOT / "py" / "tavoliere"
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc",):
            files[path.relative_to(ROOT / "py").as_posix()] = path.read_bytes()
    for path in extra_games:
        files[f"tavoliere/games/{path.name}"] = path.read_bytes()
    files[f"{dist_info}/METADATA"] = (
        "Metadata-Version: 2.1\nName: tavoliere\n"
        f"Version: {ver}\nSummary: {project()['description']}\n"
        "Requires-Python: >=3.11\nLicense: MIT\n").encode()
    files[f"{dist_info}/WHEEL"] = (
        "Wheel-Version: 1.0\nGenerator: tavoliere build.py\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n").encode()
    files[f"{dist_info}/top_level.txt"] = b"tavoliere\n"
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in files.items())
    record += f"{dist_info}/RECORD,,\n"
    files[f"{dist_info}/RECORD"] = record.encode()
    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"tavoliere-{ver}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return wheel


def unused_stdlib(name: str) -> bool:
    """Whether the python_stdlib.zip entry ``name`` is one the page never imports."""
    top = name.split("/")[0]
    if top == "encodings" and name.endswith(".py"):
        return name[len("encodings/"):-len(".py")] not in KEPT_CODECS
    return top in UNUSED_STDLIB


def trim_stdlib(source: Path, target: Path) -> None:
    """Copy Pyodide's standard library without the modules the page never imports; the
    entries keep their dates and compression, so the copy is the same at every build."""
    with zipfile.ZipFile(source) as whole, zipfile.ZipFile(target, "w") as trimmed:
        for info in whole.infolist():
            if not unused_stdlib(info.filename):
                trimmed.writestr(info, whole.read(info))


def extra_wheels() -> Path:
    """micropip and packaging from PyPI, checked against their pinned sha256."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    for name, digest in EXTRA_WHEELS.items():
        path = folder / name
        if not path.exists():
            project, ver = name.split("-")[:2]
            log(f"pip download {project}=={ver}")
            subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps",
                            "--only-binary=:all:", "--python-version", "3.14",
                            f"{project}=={ver}", "-d", str(folder)], check=True)
        if hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            path.unlink()
            sys.exit(f"{name}: sha256 does not match the pinned value; refusing to use it")
    return folder


# -- the site -----------------------------------------------------------------------------------
def shipped_games(extra_games: tuple[Path, ...] = ()) -> list[str]:
    """The games the wheel holds, in menu order: those of py/tavoliere/games and the extra
    modules (imported here so that they register).  A game registered only inside this
    process (a test's) is not shipped."""
    import importlib.util
    sys.path.insert(0, str(ROOT / "py"))
    from tavoliere.core import game_class, game_names

    modules = {f"tavoliere.games.{p.stem}" for p in (ROOT / "py" / "tavoliere" / "games").glob("*.py")}
    for path in extra_games:
        name = f"tavoliere.games.{path.stem}"
        if name not in sys.modules:
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
        modules.add(name)
    return [name for name in game_names() if game_class(name).__module__ in modules]


def board_files(out_dir: Path, names: list[str]) -> dict:
    """For each game and each value of the option that shapes its board (its size, or the
    players option of a game whose board grows with the players), the board's layout and
    starting view, so the page draws a board before Python has started (web/boards.js);
    also how many cells wide each board is."""
    from tavoliere import bridge
    from tavoliere.core import game_class, load_game

    out_dir.mkdir(parents=True, exist_ok=True)
    index, across = {}, {}
    for name in names:
        cls = game_class(name)
        shaping = next((o for o in cls.options if o.name in ("size", cls.players_option)), None)
        specs = ([name] if shaping is None
                 else [f"{name}({shaping.name}={n})" for n in board_sizes(shaping)])
        for spec in specs:
            canonical = load_game(spec).spec
            layout = json.loads(bridge.handle(json.dumps({"op": "layout", "game": canonical})))
            view = json.loads(bridge.handle(json.dumps({"op": "view", "game": canonical})))
            assert layout["ok"] and view["ok"], (layout, view)
            filename = re.sub(r"[^a-z0-9]+", "-", canonical).strip("-") + ".json"
            data = {"layout": layout["layout"], "view": view}
            (out_dir / filename).write_text(json.dumps(data, separators=(",", ":")))
            index[canonical] = f"boards/{filename}"
            across[canonical] = cells_across(layout["layout"])
    return index, across


def cells_across(layout: dict) -> float:
    """How many cells the board is wide: its width over the distance between neighbouring
    centres (the welcome picks the largest size whose cells stay big enough to tap)."""
    first, *others = layout["cells"]
    gap = min(((c["x"] - first["x"]) ** 2 + (c["y"] - first["y"]) ** 2) ** 0.5 for c in others)
    return round(layout["width"] / gap, 2)


def show_files(out_dir: Path, names: list[str]) -> dict:
    """For each game, what the welcome and the rules dialog draw (tavoliere/illustrations.py):
    a position of a game in progress and the rule diagrams, each with the engine's view, and
    the layouts they need, in one file per game (boards/show-NAME.json), so both draw before
    Python starts."""
    from tavoliere import bridge, illustrations

    def ask(request):
        answer = json.loads(bridge.handle(json.dumps(request)))
        assert answer["ok"], (request, answer)
        return answer

    out_dir.mkdir(parents=True, exist_ok=True)
    index = {}
    for name in names:
        layouts = {}

        def drawn(entry, keep_legal=False):
            if entry["spec"] not in layouts:
                layouts[entry["spec"]] = ask({"op": "layout", "game": entry["spec"]})["layout"]
            view = ask({"op": "view", "game": entry["spec"], "moves": entry["moves"]})
            if not keep_legal:
                view.pop("legal", None)  # only a diagram the reader plays needs the moves
            return {**entry, "view": view}

        data = {"sample": drawn(illustrations.sample(name)),
                # the set-up keeps its moves: the first one's cells are marked when few
                "diagrams": [drawn(d, keep_legal=d["try"] is not None or not d["moves"])
                             for d in illustrations.rule_diagrams(name)]}
        data["layouts"] = layouts
        (out_dir / f"show-{name}.json").write_text(json.dumps(data, separators=(",", ":")))
        index[name] = f"boards/show-{name}.json"
    return index


def board_sizes(option) -> list:
    """The values of the option that shapes a board: a range of integers, or a few choices
    (Connect6 offers sizes 19, 15 and 13 only)."""
    return list(range(option.low, option.high + 1)) if option.kind == "int" else list(option.choices)


# -- offline: icons and the service worker ------------------------------------------------------
def png_icon(size: int) -> bytes:
    """The app icon as a PNG (a board square with a white and a black stone), drawn here so
    the build needs no image library."""
    import struct
    import zlib
    light, dark, white, black = (233, 220, 192), (210, 189, 147), (251, 250, 246), (37, 34, 30)
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            u, v = x / size, y / size
            colour = dark if (u < 0.5) != (v < 0.5) else light
            for (cx, cy), fill in (((0.3, 0.7), white), ((0.7, 0.3), black)):
                d = ((u - cx) ** 2 + (v - cy) ** 2) ** 0.5
                if d < 0.16:
                    colour = fill if d < 0.14 else (58, 51, 42)
            row += bytes(colour)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def service_worker(site: Path) -> None:
    """sw.js at the site's root, caching every file of this build under a version made from
    their contents, so any change gives a new cache."""
    (site / "web" / "sw.js").unlink()  # only the filled-in copy at the root is used
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + (site / name).read_bytes())
    version = digest.hexdigest()[:12]
    template = (ROOT / "web" / "sw.js").read_text()
    code = template.replace("__VERSION__", version).replace("__FILES__", json.dumps(["./", *files]))
    (site / "sw.js").write_text(code)


def module_graph(entry: Path) -> list[str]:
    """The modules ``entry`` imports, directly or not (static ``import ... from "./x.js"``
    only), by file name, in the order first met."""
    found, todo = [], [entry]
    while todo:
        text = todo.pop(0).read_text()
        for name in re.findall(r'^\s*(?:import|export)\b[^;]*?\bfrom\s+"\./([\w.-]+\.js)"', text, re.M):
            if name not in found:
                found.append(name)
                todo.append(entry.parent / name)
    return found


def preload_links(page: Path) -> None:
    """Lets the room's page ask for all its modules and site.json at once, instead of one
    level of imports after another (each a round trip before the board is drawn)."""
    script = '<script type="module" src="web/app.js"></script>'
    links = [f'<link rel="modulepreload" href="web/{name}">' for name in module_graph(ROOT / "web" / "app.js")]
    links.append('<link rel="preload" href="site.json" as="fetch" crossorigin>')
    text = page.read_text()
    assert script in text, f"{page} no longer loads web/app.js as {script}"
    page.write_text(text.replace(script, "\n  ".join([script, *links])))


def build(site: Path = SITE, extra_games: tuple[Path, ...] = ()) -> Path:
    """The static site in ``site`` (by default _site/); ``extra_games`` are game modules
    shipped beside the package's own (see ``build_wheel``)."""
    runtime = ensure_node_modules()
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)
    shutil.copy2(ROOT / "index.html", site / "index.html")
    preload_links(site / "index.html")
    shutil.copytree(ROOT / "web", site / "web")
    (site / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":
            trim_stdlib(runtime / name, site / "pyodide" / name)
        else:
            shutil.copy2(runtime / name, site / "pyodide" / name)
    wheel = build_wheel(site / "wheels", extra_games)
    names = shipped_games(extra_games)
    boards, across = board_files(site / "boards", names)
    shows = show_files(site / "boards", names)
    from tavoliere import bridge
    answer = json.loads(bridge.handle('{"op": "games"}'))
    games = [game for game in answer["games"] if game["name"] in names]
    # The wheel's hash names this build's engine: a stored snapshot of the engine made from
    # another wheel (or another Pyodide) is never restored (web/snapshot.js).
    info = {"version": version(), "wheel": f"wheels/{wheel.name}",
            "wheel_sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            # likewise the standard library's: a restored Python keeps the zip's table of
            # contents from the snapshot, so it must find the very same zip
            "stdlib_sha256": hashlib.sha256(
                (site / "pyodide" / "python_stdlib.zip").read_bytes()).hexdigest(),
            # what a first visit downloads, so the loading bar has its real total
            "download_bytes": sum((site / "pyodide" / name).stat().st_size for name in DOWNLOADED),
            "pyodide": locked_pyodide_version(), "games": games, "boards": boards,
            "cells_across": across, "shows": shows,
            "messages": answer.get("messages", {}), "vocabulary": answer["vocabulary"]}
    (site / "site.json").write_text(json.dumps(info, separators=(",", ":"), ensure_ascii=False))
    for size in (192, 512):
        (site / "web" / f"icon-{size}.png").write_bytes(png_icon(size))
    service_worker(site)
    log(f"built {site} (tavoliere {info['version']}, pyodide {info['pyodide']}, {wheel.name})")
    return site


# -- serving ------------------------------------------------------------------------------------
class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json",
                      ".whl": "application/zip", ".webmanifest": "application/manifest+json"}

    def end_headers(self):
        # Like GitHub Pages: any page may load the site's modules (embedded boards).
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format, *args):  # keep the terminal quiet
        pass


class PagesHandler(SiteHandler):
    """The site served as GitHub Pages serves it, for Lighthouse: text files gzip-compressed
    for a browser that accepts it, and ten minutes of caching (Cache-Control: max-age=600)."""
    COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".webmanifest")
    gzipped: dict[str, bytes] = {}

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def do_GET(self):
        import gzip
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if (not path.name.endswith(self.COMPRESSED) or not path.is_file()
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().do_GET()
        key = str(path)
        if key not in self.gzipped:
            self.gzipped[key] = gzip.compress(path.read_bytes(), mtime=0)
        body = self.gzipped[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve_forever(directory: Path, port: int, host: str = "127.0.0.1") -> None:
    handler = functools.partial(SiteHandler, directory=str(directory))
    with http.server.ThreadingHTTPServer((host, port), handler) as server:
        print(f"Tavoliere is served at http://{host}:{port}/  (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


# -- tests and benchmarks -----------------------------------------------------------------------
def test_requirements() -> list[str]:
    return project()["optional-dependencies"]["test"]


def externally_managed() -> bool:
    """True for a system Python that refuses pip installs (PEP 668), as on a bare Debian."""
    import sysconfig
    in_venv = sys.prefix != sys.base_prefix
    return not in_venv and (Path(sysconfig.get_path("stdlib")) / "EXTERNALLY-MANAGED").exists()


def test_workers(extra: list[str]) -> list[str]:
    """pytest-xdist's options: two processes, each with a Chromium and a site of its own, a
    test file's tests together in one of them; none on one core or where the command line
    chose.  Not more than two: the cores a process may use can be more than a container's
    share of them, and four processes on two cores made the tests that time the page fail
    (docs/testing.md)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    if (cores or 1) < 2 or any(arg.startswith(("-n", "--numprocesses", "--dist"))
                               for arg in extra):
        return []
    return ["-n", "2", "--dist", "loadfile"]


def run_tests(slow: bool, extra: list[str]) -> int:
    if externally_managed():
        venv = CACHE / "venv"
        if not (venv / "bin" / "python").exists():
            log(f"creating {venv} (this Python does not take pip installs)")
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        argv = ["test", *(["--slow"] if slow else []), "--", *extra]
        return subprocess.run([str(venv / "bin" / "python"), __file__, *argv]).returncode
    log("installing the test dependencies")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    *test_requirements()], check=True)
    build()
    extra_wheels()
    # the page's controller and pure modules under Node first (seconds), then Python and the browser
    node = ["node", "--test", "tests/js/"]
    log(" ".join(node))
    if subprocess.run(node, cwd=ROOT).returncode:
        return 1
    marker = ["-m", "slow or not slow"] if slow else ["-m", "not slow"]
    command = [sys.executable, "-m", "pytest", *marker, *test_workers(extra), *extra]
    log(" ".join(command))
    return subprocess.run(command, cwd=ROOT).returncode


# Headless Chromium as the browser tests, the benchmarks and Lighthouse start it (Debian's
# build, no sandbox in a container, nothing fetched from outside).
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]


# -- Lighthouse ---------------------------------------------------------------------------------
# The pages measured, and the Chromium flags of the browser tests (README, "Tests").
# A fresh profile opens index.html on the welcome; a link with a game opens the room on it.
LIGHTHOUSE_PAGES = {"welcome": "index.html", "room": "index.html#game=havannah(size=6)",
                    "article": "web/article.html"}
LIGHTHOUSE_FLAGS = " ".join(["--headless=new", *CHROMIUM_FLAGS])
LIGHTHOUSE_CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# What issue 16 asks: accessibility and best practices 100, performance 95, CLS under 0.05.
LIGHTHOUSE_TARGETS = {"performance": 95, "accessibility": 100, "best-practices": 100}
LIGHTHOUSE_MAX_CLS = 0.05


def lighthouse_summary(report: dict) -> dict:
    """The four category scores (0 to 100) and the cumulative layout shift of a Lighthouse JSON
    report, with the reasons it misses the targets (an empty list when it meets them)."""
    scores = {}
    for name in LIGHTHOUSE_CATEGORIES:
        score = report["categories"].get(name, {}).get("score")
        scores[name] = None if score is None else round(score * 100)
    cls = report["audits"]["cumulative-layout-shift"].get("numericValue")
    misses = [f"{name} {scores[name]} < {target}" for name, target in LIGHTHOUSE_TARGETS.items()
              if scores[name] is None or scores[name] < target]
    if cls is None or cls >= LIGHTHOUSE_MAX_CLS:
        misses.append(f"CLS {cls} >= {LIGHTHOUSE_MAX_CLS}")
    return {**scores, "cls": cls, "misses": misses}


def lighthouse_table(rows: list[tuple[str, str, dict]]) -> str:
    """A Markdown table of (page, preset, summary) rows, as the README shows them."""
    lines = ["| page | preset | performance | accessibility | best practices | SEO | CLS |",
             "|---|---|---|---|---|---|---|"]
    for page, preset, s in rows:
        cells = [s[name] if s[name] is not None else "-" for name in LIGHTHOUSE_CATEGORIES]
        cls = "-" if s["cls"] is None else f"{s['cls']:.3f}"
        lines.append(f"| {page} | {preset} | " + " | ".join(map(str, cells)) + f" | {cls} |")
    return "\n".join(lines)


# A Lighthouse run on a loaded machine sometimes hangs with its browser idle: it is stopped
# after this long and tried once more.
LIGHTHOUSE_TIMEOUT_S = 240


def run_with_retry(command: list[str], env: dict) -> None:
    import signal
    for attempt in (1, 2):
        # a session of its own, so that a hung run's browser is stopped with it
        process = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
        try:
            if process.wait(timeout=LIGHTHOUSE_TIMEOUT_S) != 0:
                raise subprocess.CalledProcessError(process.returncode, command)
            return
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            log(f"Lighthouse stopped after {LIGHTHOUSE_TIMEOUT_S} s (try {attempt} of 2)")
    raise RuntimeError(f"Lighthouse hung twice: {' '.join(command[:3])}")


def pages_server():
    """The built site served as GitHub Pages serves it: HTTP/2 over TLS with gzip
    (tests/pages_server.mjs, a throwaway certificate from openssl), else, without openssl,
    HTTP/1.1 with gzip (PagesHandler; the mobile figures then pay a round trip for each six of
    the page's modules).  Answers (base URL, Chromium flags, stop)."""
    import socket
    import tempfile
    import threading
    import time
    if shutil.which("openssl"):
        keys = Path(tempfile.mkdtemp(prefix="tavoliere-tls-"))
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                        "-subj", "/CN=127.0.0.1", "-keyout", str(keys / "key.pem"),
                        "-out", str(keys / "cert.pem")], check=True, capture_output=True)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        server = subprocess.Popen(["node", str(ROOT / "tests" / "pages_server.mjs"), str(SITE),
                                   str(port), str(keys / "key.pem"), str(keys / "cert.pem")])
        for _ in range(100):   # until it listens
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)

        def stop():
            server.terminate()
            server.wait()
            shutil.rmtree(keys, ignore_errors=True)
        log(f"serving {SITE} over HTTP/2 on port {port}")
        return f"https://127.0.0.1:{port}", f"{LIGHTHOUSE_FLAGS} --ignore-certificate-errors", stop
    log("no openssl: serving over HTTP/1.1 (the mobile figures will be lower than on Pages)")
    handler = functools.partial(PagesHandler, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}", LIGHTHOUSE_FLAGS, server.shutdown


def run_lighthouse(runs: int, out_dir: Path) -> int:
    """Lighthouse (the npm package pinned in package-lock.json) on the built site served on a
    free local port as GitHub Pages serves it, for each page and the mobile and desktop
    presets; the run of median performance is kept.  Prints the table; 1 if a page misses a
    target."""
    import statistics
    cli = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
    if not cli.exists():
        log("npm ci (lighthouse)")
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    env = dict(os.environ)
    env.setdefault("CHROME_PATH", os.environ.get("TAVOLIERE_CHROMIUM") or "/usr/bin/chromium")
    out_dir.mkdir(parents=True, exist_ok=True)
    base, flags, stop = pages_server()
    rows = []
    try:
        for page, path in LIGHTHOUSE_PAGES.items():
            for preset in ("mobile", "desktop"):
                results = []
                for run in range(runs):
                    stem = out_dir / f"{page}-{preset}-{run + 1}"
                    command = ["node", str(cli), f"{base}/{path}",
                               "--quiet", "--output=json", "--output=html", f"--output-path={stem}",
                               f"--chrome-flags={flags}",
                               f"--only-categories={','.join(LIGHTHOUSE_CATEGORIES)}"]
                    if preset == "desktop":
                        command.append("--preset=desktop")
                    run_with_retry(command, env)
                    report = json.loads(Path(f"{stem}.report.json").read_text())
                    results.append(lighthouse_summary(report))
                    log(f"{page} {preset} run {run + 1}: {results[-1]}")
                middle = statistics.median_low(r["performance"] or 0 for r in results)
                rows.append((page, preset, next(r for r in results if (r["performance"] or 0) == middle)))
    finally:
        stop()
    print(lighthouse_table(rows))
    misses = [f"{page} {preset}: {', '.join(s['misses'])}" for page, preset, s in rows if s["misses"]]
    for line in misses:
        print(f"below target: {line}")
    print(f"reports: {out_dir}")
    return 1 if misses else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("build", help="build _site/")
    p = commands.add_parser("serve", help="build, then serve _site/")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--no-build", action="store_true", help="serve the _site/ already built")
    p = commands.add_parser("test", help="install test dependencies, build, run the whole suite")
    p.add_argument("--slow", action="store_true", help="also run the slow tests")
    p.add_argument("pytest_args", nargs="*", help="passed on to pytest (after --)")
    p = commands.add_parser("bench", help="page load benchmark in headless Chromium")
    p.add_argument("--runs", type=int, default=5)
    p = commands.add_parser("lighthouse", help="build, then Lighthouse on the room and the article")
    p.add_argument("--runs", type=int, default=3, help="runs of each page and preset (the median is kept)")
    p.add_argument("--no-build", action="store_true", help="measure the _site/ already built")
    args = parser.parse_args(argv)

    if args.command == "build":
        build()
    elif args.command == "serve":
        if not args.no_build:
            build()
        serve_forever(SITE, args.port)
    elif args.command == "test":
        return run_tests(args.slow, args.pytest_args)
    elif args.command == "bench":
        build()
        sys.path.insert(0, str(ROOT / "tests"))
        from loadbench import run_embed_benchmark, run_load_benchmark
        run_load_benchmark(SITE, args.runs, extra_wheels())
        run_embed_benchmark(SITE, args.runs)
    elif args.command == "lighthouse":
        if not args.no_build:
            build()
        return run_lighthouse(args.runs, ROOT / "test-output" / "lighthouse")
    return 0


if __name__ == "__main__":
    sys.exit(main())
