// The page's side of the engine: starts the module worker, sends bridge requests and
// matches the answers by id.  Status changes go to the onStatus callback.
// A page on another origin (an embedded board) cannot start a worker from this site's URL,
// so it starts a same-origin stub that imports the worker module (served with CORS).
//
// Snapshots (issue 19, snapshot.js): the worker restores a stored snapshot of the engine when
// there is one for this build.  When it had to start Python from scratch, this side waits
// until the page is idle and then starts a second, short-lived worker that makes and stores a
// new snapshot, so the next visit, or the next page with boards, starts in a moment.
//
// The pool (issue 43, pool.js): a search is also run by the pool's workers, each with its own
// seed (and share of an alpha-beta root), and this worker merges what they found; think() and
// stop() hide it.
import { Pool, deviceFacts, mergeRequest } from "./pool.js";
import { STORED, deleteSnapshot, snapshotsWanted } from "./snapshot.js";

const MAKE_AFTER_MS = 1000;     // after the engine is ready, then at the browser's next idle time
const BUSY_WAIT_MS = 20_000;    // while the engine is working, wait at most this long for a pause
const FAILED = "tavoliere.snapshot.failed";  // localStorage: the build whose snapshot was refused

function workerURL() {
  const url = new URL("./worker.js", import.meta.url);
  if (url.origin === location.origin) return url;
  const stub = `import ${JSON.stringify(url.href)};`;
  return URL.createObjectURL(new Blob([stub], { type: "text/javascript" }));
}

function readFailed() {
  try { return localStorage.getItem(FAILED); } catch { return null; }
}

function remember(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch { /* storage refused: only a hint is lost */ }
}

// The worker web/prestart.js started before the page's modules loaded, with the messages it
// has sent since; the first Engine of the page takes it over.
function takePrestarted() {
  const early = self.tavolierePrestarted;
  self.tavolierePrestarted = null;
  self.tavoliereEngineStarted = true;
  return early || null;
}

export class Engine {
  // `pool`: whether tree searches also run in the pool's workers (the room; an embedded
  // board's page keeps one worker for all its boards).  `later`: the worker starts at
  // start(), not now (the room starts it once its first board is painted: a first visit's
  // downloads of Python would otherwise hold back that paint on a slow network); requests
  // made before wait for it.
  constructor(onStatus, { pool = false, later = false } = {}) {
    this.onStatus = onStatus;
    this.pending = new Map();
    this.progress = new Map();
    this.nextId = 1;
    // How the engine started ({path, ms, key, storage}, from the worker) and what became of
    // the snapshot this visit made: null, "waiting", "making", or the maker's report
    // ({stored: true, bytes, ms} or {stored: false, reason}).
    this.load = null;
    this.snapshot = null;
    this.snapshotDone = new Promise((resolve) => { this.resolveSnapshot = resolve; });
    this.pool = new Pool(() => new Worker(workerURL(), {
      type: "module", name: snapshotsWanted() ? "pool" : "pool snapshot=off" }),
    pool ? deviceFacts : () => ({ cores: 1 }));  // one core: a pool of none
    if (typeof document !== "undefined") this.pool.watchVisibility(document);
    this.worker = null;
    this.waiting = [];  // messages for the worker not started yet
    this.ready = new Promise((resolve, reject) => { this.resolveReady = resolve; this.rejectReady = reject; });
    this.ready.catch(() => {});
    if (!later || self.tavolierePrestarted) this.start();  // (a worker started early is taken now)
  }

  start() {
    if (this.worker) return;
    const early = takePrestarted();
    this.prestarted = Boolean(early);  // for the tests and the benchmark
    const name = snapshotsWanted() ? "engine" : "engine snapshot=off";
    this.worker = early ? early.worker : new Worker(workerURL(), { type: "module", name });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(event.message || "the engine could not start");
    };
    // The early news are told once the code that makes this Engine has run to its end, as
    // a message event would be: the page's callback may use what the page defines after it.
    if (early) queueMicrotask(() => {
      for (const [kind, event] of early.held) {
        if (kind === "message") this.worker.onmessage(event);
        else this.worker.onerror(event);
      }
    });
    for (const message of this.waiting.splice(0)) this.worker.postMessage(message);
  }

  receive(data) {
    if (data.type === "status") {
      if (data.stage === "ready") {
        this.load = data.load || null;
        // No snapshot to restore after all: no early start next time, until one is stored.
        if (this.load && this.load.path.startsWith("fresh (snapshot refused")) remember(STORED, null);
        this.scheduleSnapshot();
      }
      this.onStatus(data.stage, data.detail, data);
      if (data.stage === "ready") this.resolveReady();
    } else if (data.type === "failed") {
      this.fail(data.message);
    } else if (data.progress) {
      const onProgress = this.progress.get(data.id);
      if (onProgress) onProgress(data.progress);
    } else if (this.pending.has(data.id)) {
      const resolve = this.pending.get(data.id);
      this.pending.delete(data.id);
      this.progress.delete(data.id);
      resolve(JSON.parse(data.answer));
    }
  }

  fail(message) {
    this.onStatus("failed", message);
    this.rejectReady(new Error(message));
    for (const resolve of this.pending.values()) resolve({ ok: false, error: "engine", message });
    this.pending.clear();
  }

  // A snapshot is made only after a start from scratch, with storage that works, for a
  // build whose snapshot the browser has not refused before; once per visit.
  scheduleSnapshot() {
    const load = this.load;
    if (!load || load.path === "snapshot" || !load.storage || this.snapshot) return;
    if (readFailed() === load.key) return;
    this.snapshot = "waiting";
    const idle = (callback) => (window.requestIdleCallback
      ? window.requestIdleCallback(callback, { timeout: 3000 }) : setTimeout(callback, 200));
    const since = performance.now();
    const attempt = () => {
      if (!snapshotsWanted()) { this.snapshot = null; return; }  // turned off meanwhile
      // The computer thinking (or any request under way) is work the player waits for.
      if (this.pending.size > 0 && performance.now() - since < BUSY_WAIT_MS) {
        setTimeout(() => idle(attempt), 500);
        return;
      }
      this.makeSnapshot();
    };
    setTimeout(() => idle(attempt), MAKE_AFTER_MS);
  }

  makeSnapshot() {
    this.snapshot = "making";
    const maker = new Worker(workerURL(), { type: "module", name: "snapshot" });
    const done = (report) => {
      maker.terminate();
      this.snapshot = report;
      if (report.stored && !snapshotsWanted()) deleteSnapshot().catch(() => {});  // turned off meanwhile
      else if (report.stored) remember(STORED, "1");
      if (!report.stored && this.load) {
        remember(FAILED, this.load.key);  // tried again next visit if this one is refused
      }
      this.resolveSnapshot(report);
    };
    maker.onmessage = (event) => { if (event.data.type === "snapshot") done(event.data); };
    maker.onerror = (event) => {
      event.preventDefault();
      done({ stored: false, reason: event.message || "the snapshot worker failed" });
    };
  }

  // Stop the worker and start a fresh one (the retry button).
  restart() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const resolve of this.pending.values()) resolve({ ok: false, error: "engine", message: "restarted" });
    this.pending.clear();
    this.progress.clear();
    this.ready = new Promise((resolve, reject) => { this.resolveReady = resolve; this.rejectReady = reject; });
    this.ready.catch(() => {});
    this.start();
  }

  // One bridge request: an object in, the answer object out (never rejects).
  request(request, onProgress = null) {
    const id = this.nextId++;
    const answer = new Promise((resolve) => {
      this.pending.set(id, resolve);
      if (onProgress) this.progress.set(id, onProgress);
      if (this.worker) this.worker.postMessage({ id, request });
      else this.waiting.push({ id, request });
    });
    answer.id = id;
    return answer;
  }

  // Ask the computer for a move: {game, moves, level|seconds|iterations, seed}; the answer
  // carries `move` (and `workers`, the searches merged, when the pool took part).
  // onProgress sees each slice's progress of the main worker; stop(id) ends it early.
  think(request, onProgress) {
    const joining = this.pool.joining(request);
    const share = joining.length ? { share: [0, joining.length + 1] } : {};
    const main = this.request({ ...request, ...share, op: "think" }, onProgress);
    this.pool.search(request, main.id, joining);
    const answer = main.then((first) => this.merged(request, main.id, first));
    answer.id = main.id;
    return answer;
  }

  // The main worker's answer, or the move its merge of every worker's answer gives.
  async merged(request, id, first) {
    const answers = await this.pool.finish(request, id, first);
    const merge = mergeRequest(request, answers);
    if (!merge) return first;
    const merged = await this.request(merge);
    if (!merged.ok) return first;
    // the review and the win bar read the chance from the progress: the merged move's
    const progress = { ...first.progress, best: merged.move, win_chance: merged.win_chance };
    const workers = (merge.root || merge.split).length;
    return { ...first, move: merged.move, cells: merged.cells, progress, visits: merged.visits,
             depth: merged.depth, workers };
  }

  // Every search of the request `id` stops within a slice (the pool's too).
  stop(id) {
    if (this.worker) this.worker.postMessage({ stop: id });
    this.pool.stop(id);
  }
}
