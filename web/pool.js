// The pool of search workers (issue 43): the computer thinks with every core of the device.
//
// The main worker (engine.js) keeps serving the page and searches as worker 0; the pool's
// workers, started lazily from the engine's snapshot the first time a search answers with
// something to merge, search the same position each with a seed of its own, in slices.
// When the main worker's search ends (its budget, or "Move now") the others are asked for
// what they found, which the main worker merges (bridge op "merge"):
// - a tree search answers its root statistics (`root`): the most visited move over all the
//   trees is played (root parallelism, py/tavoliere/ai/parallel.py);
// - an alpha-beta search splits the root: of n searches, search i takes the root moves whose
//   text's checksum is i modulo n (its `share`) and answers what it found at each depth
//   (`split`); the best of the shares at the deepest depth all of them finished is played.
// With fixed iterations and seeds every worker ends on its own and the merged move is the
// same on every run.  A game whose search has neither (its positions can come back) never
// starts the pool.  The pool is freed (its workers terminated) when the page has been hidden
// a while.
//
// Pure parts first (poolSize, workerSeed, mergeRequest: tests/js/pool.test.mjs), then Pool,
// which is given a function that makes a worker so that Node can test it with fake ones.

export const CORES_SETTING = "tavoliere.cores";  // localStorage: the most cores to think with
export const HIDDEN_FREE_MS = 60_000;            // hidden this long, the pool's memory is freed
// What one more worker costs: Python's WebAssembly memory after a search (docs/search.md,
// "The page's pool").  The pool takes at most a quarter of the device's memory.
export const WORKER_MB = 100;
const MEMORY_SHARE = 0.25;
// The weak levels are meant to be weak on every device: only these levels and above (and the
// searches given seconds or iterations, not a level) think in the pool.
export const POOL_LEVEL = 3;
const MAX_EXTRA = 15;  // at most 16 searches, as the merge op takes at most 64 workers anyway

// How many extra workers to start: one less than the cores (the main worker searches too),
// lowered by the player's setting (the cores in all; 1 turns the pool off), by a small
// device memory (navigator.deviceMemory, in GB, rounded down by the browser), to one when
// the browser says the player saves data.  Unknown values do not lower the count.
export function poolSize({ cores, memoryGB, saveData, setting } = {}) {
  const known = Number.isInteger(cores) && cores > 0 ? cores : 1;
  let extra = known - 1;
  if (Number.isInteger(setting) && setting > 0) extra = Math.min(extra, setting - 1);
  if (typeof memoryGB === "number" && memoryGB > 0) {
    extra = Math.min(extra, Math.floor((memoryGB * 1024 * MEMORY_SHARE) / WORKER_MB));
  }
  if (saveData) extra = Math.min(extra, 1);
  return Math.max(0, Math.min(extra, MAX_EXTRA));
}

// What this browser says of itself, for poolSize.
export function deviceFacts(nav = globalThis.navigator) {
  return {
    cores: nav ? nav.hardwareConcurrency : undefined,
    memoryGB: nav ? nav.deviceMemory : undefined,
    saveData: Boolean(nav && nav.connection && nav.connection.saveData),
    setting: readCoresSetting(),
  };
}

export function readCoresSetting() {
  try {
    const value = Number(globalThis.localStorage.getItem(CORES_SETTING));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch { return null; }
}

export function saveCoresSetting(cores) {
  try {
    if (cores) globalThis.localStorage.setItem(CORES_SETTING, String(cores));
    else globalThis.localStorage.removeItem(CORES_SETTING);
  } catch { /* storage refused: for this visit only */ }
}

// The seed of worker `worker` (0 is the main worker): parallel.worker_seed, kept within the
// bridge's range of seeds (0 .. 2**31).
export function workerSeed(seed, worker) {
  return ((seed || 0) + 7919 * worker) % 2 ** 31;
}

// What a search's answer gives to merge: a tree search's root statistics (`root`) or an
// alpha-beta search's rows of its share of the root's moves (`split`); null for neither.
export function sharedField(answer) {
  if (!answer || !answer.ok) return null;
  return Array.isArray(answer.root) ? "root" : Array.isArray(answer.split) ? "split" : null;
}

// The merge request for the searches' answers (the main worker's first), or null when there
// is nothing to merge: the main search has nothing to share (a move known at once, a game
// whose search does not split), or no other worker answered with the same kind.
export function mergeRequest(request, answers) {
  const [main, ...others] = answers;
  const field = sharedField(main);
  if (!field) return null;
  const rows = [main[field], ...others.filter((a) => sharedField(a) === field).map((a) => a[field])];
  if (rows.length < 2) return null;
  return { op: "merge", game: request.game, moves: request.moves, [field]: rows };
}

// One worker of the pool: a bridge client like engine.js's, without snapshots of its own.
class PoolWorker {
  constructor(worker) {
    this.worker = worker;
    this.pending = new Map();
    this.nextId = 1;
    this.ready = false;
    this.failed = false;
    this.path = null;
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      if (event.preventDefault) event.preventDefault();
      this.fail(event.message || "a pool worker could not start");
    };
  }

  receive(data) {
    if (data.type === "status") {
      if (data.stage === "ready") {
        this.ready = true;
        this.path = data.load ? data.load.path : null;  // "snapshot" when restored from it
      }
    } else if (data.type === "failed") {
      this.fail(data.message);
    } else if (this.pending.has(data.id) && data.answer !== undefined) {
      const resolve = this.pending.get(data.id);
      this.pending.delete(data.id);
      resolve(JSON.parse(data.answer));
    }
  }

  fail(message) {
    this.failed = true;
    this.ready = false;
    for (const resolve of this.pending.values()) resolve({ ok: false, error: "engine", message });
    this.pending.clear();
  }

  request(request) {
    const id = this.nextId++;
    const answer = new Promise((resolve) => this.pending.set(id, resolve));
    this.worker.postMessage({ id, request });
    return { id, answer };
  }

  stop(id) {
    this.worker.postMessage({ stop: id });
  }

  terminate() {
    this.worker.terminate();
    this.fail("freed");
  }
}

export class Pool {
  // makeWorker(index) -> a Worker-like object; facts() -> deviceFacts() for poolSize.
  constructor(makeWorker, facts = deviceFacts) {
    this.makeWorker = makeWorker;
    this.facts = facts;
    this.workers = [];          // PoolWorker, index i searching as worker i + 1
    this.treeGames = new Set(); // game specs whose search answered root statistics or a split
    this.searches = new Map();  // the main worker's id -> [{worker, id}] of the pool's searches
    this.hiddenMs = HIDDEN_FREE_MS;
    this.hiddenTimer = null;
  }

  size() {
    return poolSize(this.facts());
  }

  // Start the workers, once (again after free()).
  start() {
    if (this.workers.length) return;
    const size = this.size();
    for (let i = 0; i < size; i++) this.workers.push(new PoolWorker(this.makeWorker(i)));
  }

  // Resolves when every worker started (or failed); for the tests and the benchmark.
  whenReady(pollMs = 50) {
    return new Promise((resolve) => {
      const check = () => (this.workers.every((w) => w.ready || w.failed)
        ? resolve(this.state()) : setTimeout(check, pollMs));
      check();
    });
  }

  // Terminate the workers: their memory is given back; the next search starts them again.
  free() {
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
    this.searches.clear();
  }

  // The workers that will search this position beside the main worker: the ready ones
  // (one still starting joins the next search); none for a game not known to share its
  // search, at the weak levels, or when the pool is off.  The main worker's share of an
  // alpha-beta root is [0, joining.length + 1].
  joining(request) {
    if (!this.treeGames.has(request.game) || this.size() === 0) return [];
    if (request.level !== undefined && request.level < POOL_LEVEL) return [];
    this.start();
    return this.workers.filter((worker) => worker.ready);
  }

  // The pool searches this position beside the main worker (search `id` there): each
  // joining worker with a seed and a share of the root of its own.
  search(request, id, joining = this.joining(request)) {
    const count = joining.length + 1;
    const joined = joining.map((worker, i) => ({
      worker,
      ...worker.request({ ...request, op: "think", seed: workerSeed(request.seed, i + 1),
        share: [i + 1, count] }),
    }));
    if (joined.length) this.searches.set(id, joined);
    return joined;
  }

  // The main worker's search `id` ended with `answer`: a tree search's game uses the pool
  // from now on (started now, so that it is ready for the next move).  Without a fixed
  // number of iterations, the deadline has come for every worker: each is asked to stop
  // and answer its root statistics.  The answers, the main worker's first.
  async finish(request, id, answer) {
    if (sharedField(answer) && this.size() > 0) {
      this.treeGames.add(request.game);
      this.start();
    }
    const joined = this.searches.get(id) || [];
    if (request.iterations === undefined) this.stop(id);
    const others = await Promise.all(joined.map((search) => search.answer));
    this.searches.delete(id);
    return [answer, ...others];
  }

  // "Move now", a new move, an undo, a new game: every search of `id` stops within a slice.
  stop(id) {
    for (const { worker, id: own } of this.searches.get(id) || []) worker.stop(own);
  }

  busy() {
    return this.workers.filter((worker) => worker.pending.size > 0).length;
  }

  state() {
    return {
      size: this.size(),
      started: this.workers.length,
      ready: this.workers.filter((w) => w.ready).length,
      busy: this.busy(),
      paths: this.workers.map((worker) => worker.path),  // how each started (worker.js's load.path)
      treeGames: [...this.treeGames],
    };
  }

  // The page hidden for hiddenMs frees the pool; shown again, nothing starts until a search.
  watchVisibility(doc) {
    doc.addEventListener("visibilitychange", () => {
      clearTimeout(this.hiddenTimer);
      if (doc.visibilityState === "hidden") this.hiddenTimer = setTimeout(() => this.free(), this.hiddenMs);
    });
  }
}
