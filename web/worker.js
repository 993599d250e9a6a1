// The engine's home: the only file that knows Pyodide.  Messages in: {id, request} (an
// object for tavoliere.bridge.handle, or op "think" for a sliced search) and {stop: id};
// messages out: {id, answer} (a JSON string), {id, progress}, {type: "status", stage,
// detail} and {type: "failed", message}.  The "ready" status also carries `load`: which path
// the start took ("snapshot", "fresh", or "fresh (snapshot refused: why)"), how long it took,
// the build's snapshot key and whether this browser lets us store a snapshot.
//
// The worker's name (set by engine.js) chooses its role: "engine", "engine snapshot=off" (never
// restore a snapshot), or "snapshot": a short-lived worker that starts a clean Python, warms
// it, stores a memory snapshot of it (snapshot.js) and says {type: "snapshot", ...}.
import { Refused, deleteSnapshot, makeSnapshot, readSnapshot, restoreSnapshot, snapshotKey,
  writeSnapshot } from "./snapshot.js";

// Pyodide's modules are imported, not part of this module's graph, so that site.json and the
// stored snapshot are read while they load; its large module (loadPyodide imports it later
// from the same address) starts loading now too.
const pyodideModule = import("../pyodide/pyodide.mjs");
pyodideModule.catch(() => {});
import("../pyodide/pyodide.asm.mjs").catch(() => {});
const loadPyodide = async (options) => (await pyodideModule).loadPyodide(options);

const siteURL = new URL("../", import.meta.url);
const runtime = new URL("pyodide/", siteURL);
const role = self.name || "engine";
const began = performance.now();
const steps = {};  // ms after the worker began, for the benchmark: when each step ended
const step = (name) => { steps[name] = Math.round(performance.now() - began); };
let handle = null;

function status(stage, detail = "", extra = {}) {
  postMessage({ type: "status", stage, detail, ...extra });
}

const PROGRESS_MS = 100;  // the download's progress is reported at most this often

// Fetch a big runtime file first, reporting bytes, so the page can show download progress;
// loadPyodide then finds it in the HTTP cache.
async function prefetch(url, onBytes) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onBytes(value.length);
  }
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function siteInfo() {
  const response = await fetch(new URL("site.json", siteURL));
  if (!response.ok) throw new Error(`site.json: HTTP ${response.status}`);
  return response.json();
}

function reason(error) {
  return String(error && error.message ? error.message : error).split("\n")[0].slice(0, 200);
}

function useBridge(pyodide) {
  handle = pyodide.pyimport("tavoliere.bridge").handle;
  // For the embedding benchmark: the size of Python's WebAssembly memory.
  self.engineMemoryBytes = () => (pyodide._module && pyodide._module.HEAP8 ? pyodide._module.HEAP8.length : null);
}

async function restore(info, meta, data) {
  const pyodide = await restoreSnapshot(loadPyodide, runtime.href, meta, data, () => step("checked"));
  step("restored");
  useBridge(pyodide);
  // A restored Python that cannot answer is no engine: check one cheap request (the layout
  // of the site's first board).
  const spec = Object.keys(info.boards || {})[0];
  const answer = JSON.parse(handle(JSON.stringify(spec ? { op: "layout", game: spec } : { op: "games" })));
  if (!answer.ok) throw new Error(`restored engine: ${answer.message || answer.error}`);
}

async function freshStart(info, wheel) {
  let received = 0;
  const total = info.download_bytes || null;  // build.py knows the sizes; an old site.json may not
  // A few updates a second move the bar smoothly; one for every chunk read would make the page
  // redraw hundreds of times while it is loading.
  let reported = -Infinity;
  const report = (n) => {
    received += n;
    const now = performance.now();
    if (now - reported < PROGRESS_MS && !(total && received >= total)) return;
    reported = now;
    status("downloading", "", { received, total });
  };
  await Promise.all(["pyodide.asm.wasm", "python_stdlib.zip"].map(
    (name) => prefetch(new URL(name, runtime), report)));
  status("starting");
  const pyodide = await loadPyodide({ indexURL: runtime.href });
  status("rules");
  pyodide.unpackArchive(await wheel, "wheel");
  useBridge(pyodide);
}

async function start() {
  status("downloading");
  const wanted = !role.includes("snapshot=off");
  // The stored snapshot is read while site.json arrives: first its description, then its
  // bytes (whose reading goes on while Pyodide starts).
  const settle = (promise, name) => promise.then((record) => { step(name); return { record }; },
                                                 (error) => ({ error }));
  const reading = wanted ? readSnapshot() : null;
  const meta = wanted ? settle(reading.meta, "meta") : null;
  if (wanted) reading.data.then(() => step("read"), () => {});
  const info = await siteInfo();
  step("site.json");
  const key = snapshotKey(info);
  const load = { path: "fresh (snapshots off)", key, storage: wanted };
  let wheel = null;
  if (wanted) {
    const { record, error } = await meta;
    let refused = null;
    if (error) {
      refused = `storage refused: ${reason(error)}`;
      load.storage = false;
    } else if (!record) {
      refused = "none stored";
    } else if (record.key !== key) {
      refused = "another build";
    } else {
      status("starting");
      try {
        await restore(info, record, reading.data.catch((error) => {
          throw new Refused(`storage refused: ${reason(error)}`);
        }));
      } catch (problem) {
        refused = problem instanceof Refused ? problem.message : `restore failed: ${reason(problem)}`;
        handle = null;
      }
    }
    // A copy that cannot be used is removed, so the page makes a new one when it is idle.
    if (record && refused) await deleteSnapshot().catch(() => {});
    load.path = !refused ? "snapshot" : refused === "none stored" ? "fresh" : `fresh (snapshot refused: ${refused})`;
  }
  if (!handle) {
    // The wheel downloads while Python starts.  Unpacking it straight into site-packages is
    // about 4x faster than loadPackage(url) and 13x faster than micropip (README, "Measured").
    wheel = fetchBytes(new URL(info.wheel, siteURL));
    wheel.catch(() => {});
    await freshStart(info, wheel);
  }
  load.ms = Math.round(performance.now() - began);
  load.steps = steps;
  status("ready", info.version, { load });
}

// -- the snapshot maker ---------------------------------------------------------------------------
async function makeAndStore() {
  const info = await siteInfo();
  if (navigator.storage && navigator.storage.estimate) {
    const { quota, usage } = await navigator.storage.estimate();
    if (typeof quota === "number" && quota - (usage || 0) < 128e6) throw new Refused("not enough room");
  }
  const wheel = await fetchBytes(new URL(info.wheel, siteURL));
  const { meta, data, size } = await makeSnapshot(loadPyodide, runtime.href, info, new Uint8Array(wheel));
  await writeSnapshot({ meta, data });
  return { key: meta.key, bytes: size, stored_bytes: data.heap.byteLength + data.files.byteLength };
}

let started;
if (role === "snapshot") {
  started = new Promise(() => {});  // this worker answers no request
  makeAndStore().then(
    (made) => postMessage({ type: "snapshot", stored: true, ...made, ms: Math.round(performance.now() - began) }),
    (error) => postMessage({ type: "snapshot", stored: false, reason: reason(error) }));
} else {
  started = start().catch((error) => {
    postMessage({ type: "failed", message: String(error && error.message ? error.message : error) });
    throw error;
  });
}

const stopRequests = new Set();
const SLICE_SECONDS = 0.05;  // each slice returns to the event loop, so a stop is seen at once

function call(request) {
  return JSON.parse(handle(JSON.stringify(request)));
}

// A search runs in slices: between two slices the worker takes its messages, so "move now"
// and a newer request are seen within one slice.  Progress goes out after every slice.
async function think(id, request) {
  const started = call({ ...request, op: "think_start", id });
  if (!started.ok) return started;
  let progress = null;
  while (!stopRequests.has(id)) {
    const step = call({ op: "think_step", id, slice: SLICE_SECONDS });
    if (!step.ok) return step;
    progress = step.progress;
    postMessage({ id, progress });
    if (progress.done) break;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  stopRequests.delete(id);
  const final = call({ op: "think_stop", id });
  return final.ok ? { ...final, progress } : final;
}

onmessage = async (event) => {
  const { id, request, stop } = event.data;
  if (stop !== undefined) { stopRequests.add(stop); return; }
  try {
    await started;
    const answer = request.op === "think" ? JSON.stringify(await think(id, request)) : handle(JSON.stringify(request));
    postMessage({ id, answer });
  } catch (error) {
    const message = String(error && error.message ? error.message : error);
    postMessage({ id, answer: JSON.stringify({ ok: false, error: "engine", message }) });
  }
};
