// The engine's memory snapshot (issue 19).  After a first visit, when the page is idle, a
// second worker starts a clean Python, imports the rules, warms the boards and keeps a copy
// of Python's memory in this browser's IndexedDB; later visits restore that copy instead of
// starting Python from scratch (worker.js).  One snapshot only, named by the build it belongs
// to, so a new build never restores an old engine and old copies do not pile up.
//
// Used by the worker (making, reading, checking, restoring), by the page (the setting,
// forgetting) and by the tests under Node (making and restoring, without the storage).  It
// never imports Pyodide: the worker passes loadPyodide in.
import { specName } from "./spec.js";

// Change this number when what goes into a snapshot changes (makeSnapshot, AFTER_RESTORE),
// so that snapshots made by older code are not restored.
export const FORMAT = 1;
export const SETTING = "tavoliere.snapshot";  // localStorage: "off" turns snapshots off
// localStorage: this browser has stored a snapshot (the hint web/prestart.js reads; the name is
// written there too, as that script imports nothing).
export const STORED = "tavoliere.snapshot.stored";
const DB = "tavoliere-engine";
const STORE = "snapshot";
const PAGE = 4096;           // the unit of the zero pages left out
const READ_LIMIT_MS = 4000;  // a store that does not answer by then is treated as refused

// The build a snapshot belongs to: Pyodide's version, the hashes of the standard library the
// site ships (build.py trims it) and of the wheel, and FORMAT.  (Pyodide checks on its own that
// the snapshot was made by the same runtime build.)
export function snapshotKey(info) {
  return `pyodide ${info.pyodide}; stdlib ${info.stdlib_sha256}; ` +
    `wheel ${info.wheel_sha256 || info.wheel}; format ${FORMAT}`;
}

// A refusal the page is told about in plain words ("corrupt", "another build", ...).
export class Refused extends Error {}

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error || new Error("storage error"));
  });
}

function openStore() {
  if (!globalThis.indexedDB) return Promise.reject(new Refused("no storage"));
  const open = indexedDB.open(DB, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

async function withStore(mode, action) {
  const db = await openStore();
  try {
    const tx = db.transaction(STORE, mode);
    const done = new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error || new Error("storage error"));
      tx.onabort = () => reject(tx.error || new Error("storage refused the write"));
    });
    const result = await action(tx.objectStore(STORE));
    await done;
    return result;
  } finally {
    db.close();
  }
}

function timed(promise) {
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Refused("storage did not answer")), READ_LIMIT_MS));
  return Promise.race([promise, timeout]);
}

// A snapshot is two records written together: "meta", small, read first to decide whether the
// snapshot belongs to this build ({key, id, size, pages, sha256, files, made}), and "data", the
// bytes ({id, index, heap, files}).  Half of Python's memory is zero pages, so only the pages
// that are not are kept (`index` lists them), which halves what is read on every visit.
// readSnapshot() gives two promises, {meta, data}, from one transaction: the description comes
// first, the bytes while Pyodide starts.  Each rejects when the browser refuses storage or does
// not answer in time, and each resolves to null when there is no snapshot.
export function readSnapshot() {
  let resolveMeta;
  let rejectMeta;
  const meta = new Promise((resolve, reject) => { resolveMeta = resolve; rejectMeta = reject; });
  const data = withStore("readonly", (store) => {
    request(store.get("meta")).then(resolveMeta, rejectMeta);
    return request(store.get("data"));
  });
  data.catch(rejectMeta);  // storage refused before the first read: both fail
  return { meta: timed(meta).then((m) => m || null), data: timed(data).then((d) => d || null) };
}

export function writeSnapshot({ meta, data }) {
  return withStore("readwrite", (store) => Promise.all([request(store.put(data, "data")),
                                                       request(store.put(meta, "meta"))]));
}

export function deleteSnapshot() {
  return withStore("readwrite", (store) => Promise.all([request(store.delete("meta")),
                                                       request(store.delete("data"))]));
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function digestOf(data) {
  const parts = await Promise.all([data.index, data.heap, data.files].map(sha256));
  return parts.join(".");
}

// A snapshot made by Pyodide (Uint8Array) and the package's files ([path, bytes] pairs) as the
// two records, with a fresh id and the key of the build.
export async function pack(key, bytes, files) {
  const pageCount = Math.ceil(bytes.length / PAGE);
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const kept = [];
  for (let page = 0; page < pageCount; page++) {
    const from = page * (PAGE / 4);
    const to = Math.min(from + PAGE / 4, words.length);
    let zero = (page + 1) * PAGE <= bytes.length;  // a last, partial page is always kept
    for (let i = from; zero && i < to; i++) if (words[i] !== 0) zero = false;
    if (!zero) kept.push(page);
  }
  const index = Uint32Array.from(kept);
  const heap = new Uint8Array(kept.reduce((n, page) => n + pageLength(page, bytes.length), 0));
  let at = 0;
  for (const page of kept) {
    const length = pageLength(page, bytes.length);
    heap.set(bytes.subarray(page * PAGE, page * PAGE + length), at);
    at += length;
  }
  const fileBytes = new Uint8Array(files.reduce((n, [, b]) => n + b.length, 0));
  at = 0;
  for (const [, b] of files) { fileBytes.set(b, at); at += b.length; }
  const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const data = { id, index: index.buffer, heap: heap.buffer, files: fileBytes.buffer };
  const meta = { key, id, size: bytes.length, pages: kept.length, made: Date.now(),
                 files: files.map(([path, b]) => [path, b.length]), sha256: await digestOf(data) };
  return { meta, data };
}

function pageLength(page, size) {
  return Math.min(PAGE, size - page * PAGE);
}

// Fill `into` (zeroed, meta.size bytes) from the data record and give back the package's
// files; refuses a record that is not whole: another snapshot's, truncated, or damaged.
export async function unpack(meta, data, into) {
  const buffers = data && [data.index, data.heap, data.files];
  if (!buffers || data.id !== meta.id || !buffers.every((b) => b instanceof ArrayBuffer)) {
    throw new Refused("corrupt (unreadable record)");
  }
  const index = new Uint32Array(data.index);
  const heapSize = Array.from(index, (page) => pageLength(page, meta.size)).reduce((a, b) => a + b, 0);
  const fileSize = meta.files.reduce((n, [, length]) => n + length, 0);
  if (index.length !== meta.pages || data.heap.byteLength !== heapSize || data.files.byteLength !== fileSize
      || index.some((page) => page * PAGE >= meta.size)) {
    throw new Refused(`corrupt (${data.heap.byteLength} bytes of ${heapSize})`);
  }
  if (await digestOf(data) !== meta.sha256) throw new Refused("corrupt (checksum)");
  const heap = new Uint8Array(data.heap);
  let at = 0;
  for (const page of index) {
    const length = pageLength(page, meta.size);
    into.set(heap.subarray(at, at + length), page * PAGE);
    at += length;
  }
  const files = [];
  at = 0;
  for (const [path, length] of meta.files) {
    files.push([path, new Uint8Array(data.files, at, length)]);
    at += length;
  }
  return files;
}

// -- making and restoring ----------------------------------------------------------------------
// What is in a snapshot: Python with the tavoliere package and every module of it imported,
// each game's boards drawn once (layout, view) and each bot built once (imports, tables,
// opening data), then every search dropped and the warm-up's own names freed.  No request of
// a player ever reaches this Python, so nothing of a game can be in the copy.
const WARM = `
import importlib, pkgutil, tavoliere, tavoliere.bridge
for module in pkgutil.walk_packages(tavoliere.__path__, "tavoliere."):
    if module.name != "tavoliere.__main__":
        importlib.import_module(module.name)
`;
// Also lists the package's files as the wheel put them in the file system: a snapshot holds
// Python's memory, not Emscripten's files, so it carries them and a restore writes them back.
const CLEAN = `
import gc, os, tavoliere, tavoliere.bridge
tavoliere.bridge._thinkers.clear()
root = os.path.dirname(tavoliere.__path__[0])
paths = []
for folder, dirs, names in os.walk(root):
    dirs[:] = [d for d in dirs if d != "__pycache__" and (folder != root or d.startswith("tavoliere"))]
    paths += [os.path.join(folder, n) for n in names if folder != root and not n.endswith(".pyc")]
gc.collect()
sorted(paths)
`;
// After a restore, what must differ between visits: the random module is reseeded from the
// browser's crypto source (every visit would restore the same generator state).  Seeded bots
// make their own random.Random(seed), so their moves do not change.  str hashes keep the seed
// drawn when the snapshot was made: random per browser and per build, not per visit; the
// engine's answers do not depend on hash order (tests/test_snapshot.py).
export const AFTER_RESTORE = "import random\nrandom.seed()";

// A clean Python made for the snapshot: {meta, data} ready to store (see pack), and its size.
// `info` is the site's site.json, `wheel` the wheel's bytes.
export async function makeSnapshot(loadPyodide, indexURL, info, wheel) {
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  pyodide.unpackArchive(wheel, "wheel");
  const scratch = pyodide.globals.get("dict")();  // the warm-up's names, dropped after
  pyodide.runPython(WARM, { globals: scratch });
  const bridge = pyodide.pyimport("tavoliere.bridge");
  const handle = bridge.handle;
  const ask = (request) => JSON.parse(handle(JSON.stringify(request)));
  const specs = Object.keys(info.boards || {});
  for (const spec of specs) {
    ask({ op: "layout", game: spec });
    ask({ op: "view", game: spec });
  }
  for (const game of info.games || []) {
    const spec = specs.find((s) => specName(s) === game.name) || game.name;
    ask({ op: "think_start", game: spec, moves: [], iterations: 1, seed: 1, id: "warm" });
    ask({ op: "think_stop", id: "warm" });
  }
  handle.destroy();
  bridge.destroy();
  const listed = pyodide.runPython(CLEAN, { globals: scratch });
  const paths = listed.toJs();
  listed.destroy();
  scratch.destroy();
  const bytes = pyodide.makeMemorySnapshot();
  const files = paths.map((path) => [path, pyodide.FS.readFile(path)]);
  return { ...(await pack(snapshotKey(info), bytes, files)), size: bytes.length };
}

function writeFiles(FS, files) {
  for (const [path, bytes] of files) {
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes);
  }
}

// Restore the snapshot that `meta` describes while its bytes are still being read (`data`, a
// promise of the data record): Pyodide needs only the size to compile and instantiate its
// WebAssembly, and waits for the bytes in its file-system hook, which runs before Python's
// memory is set.  Bytes that turn out unusable leave the buffer without Pyodide's mark, so
// Pyodide refuses it, and the reason (a Refused) is thrown.  `onChecked` is called when the
// bytes have been checked.  Resolves to the restored, reseeded Pyodide.
export async function restoreSnapshot(loadPyodide, indexURL, meta, data, onChecked = () => {}) {
  const buffer = new Uint8Array(meta.size);
  const filled = data.then((record) => unpack(meta, record, buffer));
  filled.catch(() => {});
  let problem = null;
  let pyodide;
  try {
    pyodide = await loadPyodide({
      indexURL,
      _loadSnapshot: buffer,
      fsInit: async (FS) => {
        try {
          writeFiles(FS, await filled);
          onChecked();
        } catch (error) {
          problem = error;
          buffer.fill(0, 0, 16);
        }
      },
    });
  } catch (error) {
    throw problem || error;
  }
  if (problem) throw problem;
  pyodide.runPython(AFTER_RESTORE, { globals: pyodide.globals.get("dict")() });
  return pyodide;
}

// -- the page's side: the setting -----------------------------------------------------------------
// Snapshots are on unless the page's URL says ?snapshot=off (for tests and the benchmark) or
// the player turned them off (localStorage).
export function snapshotsWanted() {
  const flag = new URLSearchParams(location.search).get("snapshot");
  return flag !== "off" && snapshotSetting();
}

// The player's setting alone (the room's checkbox shows it).
export function snapshotSetting() {
  try { return localStorage.getItem(SETTING) !== "off"; } catch { return true; }
}

// Turn snapshots on or off for the next visits; off also forgets the stored copy (tens of MB).
export async function setSnapshots(on) {
  try {
    if (on) localStorage.removeItem(SETTING);
    else localStorage.setItem(SETTING, "off");
    if (!on) localStorage.removeItem(STORED);
  } catch { /* storage refused: the setting lasts for this visit */ }
  if (!on) await deleteSnapshot().catch(() => {});
}
