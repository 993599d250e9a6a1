// The engine's home: the only file that knows Pyodide.  Messages in: {id, request} (an
// object for tavoliere.bridge.handle, or op "think" for a sliced search) and {stop: id};
// messages out: {id, answer} (a JSON string), {id, progress}, {type: "status", stage,
// detail} and {type: "failed", message}.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const siteURL = new URL("../", import.meta.url);
let handle = null;

function status(stage, detail = "") {
  postMessage({ type: "status", stage, detail });
}

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

async function start() {
  status("downloading");
  const info = await (await fetch(new URL("site.json", siteURL))).json();
  const runtime = new URL("pyodide/", siteURL);
  // The wheel downloads while Python starts.  Unpacking it straight into site-packages is
  // about 4x faster than loadPackage(url) and 13x faster than micropip (README, "Measured").
  const wheel = fetchBytes(new URL(info.wheel, siteURL));
  wheel.catch(() => {});
  let received = 0;
  const report = (n) => { received += n; status("downloading", `${(received / 1e6).toFixed(1)} MB`); };
  await Promise.all(["pyodide.asm.wasm", "python_stdlib.zip"].map(
    (name) => prefetch(new URL(name, runtime), report)));
  status("starting");
  const pyodide = await loadPyodide({ indexURL: runtime.href });
  status("rules");
  pyodide.unpackArchive(await wheel, "wheel");
  handle = pyodide.pyimport("tavoliere.bridge").handle;
  // For the embedding benchmark: the size of Python's WebAssembly memory.
  self.engineMemoryBytes = () => (pyodide._module && pyodide._module.HEAP8 ? pyodide._module.HEAP8.length : null);
  status("ready", info.version);
}

const started = start().catch((error) => {
  postMessage({ type: "failed", message: String(error && error.message ? error.message : error) });
  throw error;
});

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
