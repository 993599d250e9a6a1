// The page's side of the engine: starts the module worker, sends bridge requests and
// matches the answers by id.  Status changes go to the onStatus callback.
// A page on another origin (an embedded board) cannot start a worker from this site's URL,
// so it starts a same-origin stub that imports the worker module (served with CORS).
function workerURL() {
  const url = new URL("./worker.js", import.meta.url);
  if (url.origin === location.origin) return url;
  const stub = `import ${JSON.stringify(url.href)};`;
  return URL.createObjectURL(new Blob([stub], { type: "text/javascript" }));
}

export class Engine {
  constructor(onStatus) {
    this.onStatus = onStatus;
    this.pending = new Map();
    this.progress = new Map();
    this.nextId = 1;
    this.start();
  }

  start() {
    this.worker = new Worker(workerURL(), { type: "module" });
    this.ready = new Promise((resolve, reject) => { this.resolveReady = resolve; this.rejectReady = reject; });
    this.ready.catch(() => {});
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(event.message || "the engine could not start");
    };
  }

  receive(data) {
    if (data.type === "status") {
      this.onStatus(data.stage, data.detail);
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

  // Stop the worker and start a fresh one (the retry button).
  restart() {
    this.worker.terminate();
    for (const resolve of this.pending.values()) resolve({ ok: false, error: "engine", message: "restarted" });
    this.pending.clear();
    this.progress.clear();
    this.start();
  }

  // One bridge request: an object in, the answer object out (never rejects).
  request(request, onProgress = null) {
    const id = this.nextId++;
    const answer = new Promise((resolve) => {
      this.pending.set(id, resolve);
      if (onProgress) this.progress.set(id, onProgress);
      this.worker.postMessage({ id, request });
    });
    answer.id = id;
    return answer;
  }

  // Ask the computer for a move: {game, moves, level|seconds|iterations, seed}; the answer
  // carries `move`.  onProgress sees each slice's progress; stop(id) ends it early.
  think(request, onProgress) {
    return this.request({ ...request, op: "think" }, onProgress);
  }

  stop(id) {
    this.worker.postMessage({ stop: id });
  }
}
