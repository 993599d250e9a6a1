// The pool of search workers (web/pool.js) under Node: its size from what the device says,
// the seeds, the merge request, and the pool driven with fake workers (no Python).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Pool, mergeRequest, poolSize, workerSeed } from "../../web/pool.js";

test("the pool is one worker less than the cores: the main worker searches too", () => {
  assert.equal(poolSize({ cores: 8 }), 7);
  assert.equal(poolSize({ cores: 4 }), 3);
  assert.equal(poolSize({ cores: 1 }), 0);
  assert.equal(poolSize({ cores: 64 }), 15);  // at most 16 searches in all
});

test("a browser that does not say its cores gets no pool", () => {
  assert.equal(poolSize({}), 0);
  assert.equal(poolSize({ cores: undefined, memoryGB: 8 }), 0);
  assert.equal(poolSize({ cores: 0 }), 0);
});

test("the setting lowers the count (the cores in all); 1 turns the pool off; it never raises it", () => {
  assert.equal(poolSize({ cores: 8, setting: 4 }), 3);
  assert.equal(poolSize({ cores: 8, setting: 1 }), 0);
  assert.equal(poolSize({ cores: 4, setting: 16 }), 3);
  assert.equal(poolSize({ cores: 8, setting: null }), 7);
});

test("a small device memory lowers the count: the pool takes at most a quarter of it", () => {
  // 100 MB a worker: 0.5 GB -> 1, 1 GB -> 2, 2 GB -> 5, 8 GB -> 20
  assert.equal(poolSize({ cores: 8, memoryGB: 0.5 }), 1);
  assert.equal(poolSize({ cores: 8, memoryGB: 1 }), 2);
  assert.equal(poolSize({ cores: 8, memoryGB: 2 }), 5);
  assert.equal(poolSize({ cores: 8, memoryGB: 8 }), 7);
  assert.equal(poolSize({ cores: 8, memoryGB: 0.25 }), 0);
});

test("a browser that saves data gets one pool worker", () => {
  assert.equal(poolSize({ cores: 8, saveData: true }), 1);
  assert.equal(poolSize({ cores: 2, saveData: true }), 1);
  assert.equal(poolSize({ cores: 8, saveData: true, setting: 1 }), 0);
});

test("worker 0 keeps the seed, as parallel.worker_seed; the seeds stay in the bridge's range", () => {
  assert.equal(workerSeed(5, 0), 5);
  assert.equal(workerSeed(5, 3), 5 + 3 * 7919);
  assert.equal(workerSeed(undefined, 1), 7919);
  const high = workerSeed(2 ** 31 - 1, 2);
  assert.ok(high >= 0 && high < 2 ** 31);
});

const ROOT_A = [["a1", 10, 6, 0], ["b2", 3, 1, 0]];
const ROOT_B = [["a1", 2, 1, 0], ["b2", 9, 7, 0]];

test("the merge request lists the main worker's statistics first, then the others that have some", () => {
  const request = { game: "g", moves: ["x"], level: 5, seed: 1 };
  const merge = mergeRequest(request, [{ ok: true, root: ROOT_A }, { ok: false, error: "engine" },
    { ok: true, root: ROOT_B }, { ok: true, move: "a1" }]);
  assert.deepEqual(merge, { op: "merge", game: "g", moves: ["x"], root: [ROOT_A, ROOT_B] });
});

const SPLIT_A = [[3, "a1", 10, 0.6, 0]];
const SPLIT_B = [[3, "b2", 12, 0.7, 0], [4, "b2", 9, 0.6, 0]];

test("an alpha-beta search's shares of the root are merged as a split", () => {
  const request = { game: "hekka", moves: ["x"] };
  const merge = mergeRequest(request, [{ ok: true, split: SPLIT_A }, { ok: true, root: ROOT_B },
    { ok: true, split: SPLIT_B }]);
  assert.deepEqual(merge, { op: "merge", game: "hekka", moves: ["x"], split: [SPLIT_A, SPLIT_B] });
});

test("nothing to merge: an answer with neither root nor split, a failed main search, or no other", () => {
  const request = { game: "g", moves: [] };
  assert.equal(mergeRequest(request, [{ ok: true, move: "a1" }, { ok: true, root: ROOT_B }]), null);
  assert.equal(mergeRequest(request, [{ ok: true, split: SPLIT_A }, { ok: true, root: ROOT_B }]), null);
  assert.equal(mergeRequest(request, [{ ok: false }, { ok: true, root: ROOT_B }]), null);
  assert.equal(mergeRequest(request, [{ ok: true, root: ROOT_A }, { ok: false }]), null);
  assert.equal(mergeRequest(request, [{ ok: true, root: ROOT_A }]), null);
});

// A fake worker: says "ready" at once; a think answers when stopped, or at once when it has a
// fixed number of iterations; its root statistics name its seed.
function fakeWorkers() {
  const made = [];
  const make = () => {
    const worker = {
      sent: [], terminated: false, searches: new Map(),
      postMessage(message) {
        worker.sent.push(message);
        if (message.stop !== undefined) {
          const search = worker.searches.get(message.stop);
          if (search) worker.answer(message.stop, search);
        } else if (message.request.iterations !== undefined) {
          worker.answer(message.id, message.request);
        } else {
          worker.searches.set(message.id, message.request);
        }
      },
      answer(id, request) {
        worker.searches.delete(id);
        const answer = { ok: true, move: "a1", root: [[`s${request.seed}`, 1, 1, 0]] };
        queueMicrotask(() => worker.onmessage({ data: { id, answer: JSON.stringify(answer) } }));
      },
      terminate() { worker.terminated = true; },
    };
    made.push(worker);
    queueMicrotask(() => worker.onmessage({ data: { type: "status", stage: "ready" } }));
    return worker;
  };
  return { made, make };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test("the pool starts only once a search answered root statistics, then searches with its own seeds", async () => {
  const { made, make } = fakeWorkers();
  const pool = new Pool(make, () => ({ cores: 4 }));
  const request = { game: "hex", moves: [], level: 5, seed: 10 };
  assert.deepEqual(pool.search(request, 1), []);
  assert.equal(made.length, 0);  // nothing known of this game yet: no worker
  const first = await pool.finish(request, 1, { ok: true, move: "a1", root: ROOT_A });
  assert.equal(first.length, 1);
  assert.equal(made.length, 3);  // a tree search: the pool starts for the next move
  await pool.whenReady(1);

  const joined = pool.search(request, 2);
  assert.equal(joined.length, 3);
  assert.deepEqual(made.map((w) => w.sent[0].request.seed), [10 + 7919, 10 + 2 * 7919, 10 + 3 * 7919]);
  assert.equal(pool.busy(), 3);
  // the main worker's budget ends: each is asked for its statistics
  const answers = await pool.finish(request, 2, { ok: true, move: "a1", root: ROOT_A });
  assert.deepEqual(answers.slice(1).map((a) => a.root[0][0]), [`s${10 + 7919}`, `s${10 + 2 * 7919}`, `s${10 + 3 * 7919}`]);
  assert.equal(pool.busy(), 0);
});

test("a split game starts the pool too, and each worker gets its share of the root", async () => {
  const { made, make } = fakeWorkers();
  const pool = new Pool(make, () => ({ cores: 3 }));
  const request = { game: "hekka", moves: [], level: 5, seed: 4 };
  assert.deepEqual(pool.joining(request), []);
  await pool.finish(request, 1, { ok: true, move: "a1", split: SPLIT_A });
  assert.equal(made.length, 2);
  await pool.whenReady(1);
  const joining = pool.joining(request);
  assert.equal(joining.length, 2);  // the main worker's share is then [0, 3]
  pool.search(request, 2, joining);
  assert.deepEqual(made.map((w) => w.sent[0].request.share), [[1, 3], [2, 3]]);
  pool.stop(2);
});

test("the weak levels think alone: a stronger device does not make them stronger", async () => {
  const { make } = fakeWorkers();
  const pool = new Pool(make, () => ({ cores: 4 }));
  const request = { game: "hex", moves: [], level: 5, seed: 10 };
  await pool.finish(request, 1, { ok: true, move: "a1", root: ROOT_A });
  await pool.whenReady(1);
  for (const level of [1, 2]) assert.deepEqual(pool.search({ ...request, level }, 10 + level), []);
  assert.equal(pool.search({ ...request, level: 3 }, 20).length, 3);
});

test("a game whose search answers no statistics never starts the pool", async () => {
  const { made, make } = fakeWorkers();
  const pool = new Pool(make, () => ({ cores: 8 }));
  const request = { game: "chess-like", moves: [], level: 5, seed: 1 };
  await pool.finish(request, 1, { ok: true, move: "e4" });
  assert.deepEqual(pool.search(request, 2), []);
  assert.equal(made.length, 0);
});

test("with fixed iterations every worker ends on its own: none is stopped", async () => {
  const { made, make } = fakeWorkers();
  const pool = new Pool(make, () => ({ cores: 3 }));
  pool.treeGames.add("hex");
  pool.start();
  await pool.whenReady(1);
  const request = { game: "hex", moves: [], iterations: 100, seed: 0 };
  pool.search(request, 7);
  const answers = await pool.finish(request, 7, { ok: true, root: ROOT_A });
  assert.equal(answers.length, 3);
  assert.ok(made.every((w) => w.sent.every((m) => m.stop === undefined)));
});

test("stopping a search stops every worker's; freeing terminates them, and the next search starts them again", async () => {
  const { made, make } = fakeWorkers();
  const pool = new Pool(make, () => ({ cores: 3 }));
  pool.treeGames.add("hex");
  pool.start();
  await pool.whenReady(1);
  const request = { game: "hex", moves: [], level: 3, seed: 0 };
  const joined = pool.search(request, 4);
  pool.stop(4);
  assert.ok(made.every((w) => w.sent.some((m) => m.stop !== undefined)));
  const answers = await Promise.all(joined.map((search) => search.answer));
  assert.ok(answers.every((a) => a.ok));

  pool.free();
  assert.ok(made.every((w) => w.terminated));
  assert.equal(pool.state().started, 0);
  assert.deepEqual(pool.search(request, 5), []);  // started again, not ready yet: it joins later
  assert.equal(made.length, 4);
  await pool.whenReady(1);
  assert.equal(pool.search(request, 6).length, 2);
  pool.stop(6);
});

test("a worker freed while it searches answers a failure, and the merge leaves it out", async () => {
  const { make } = fakeWorkers();
  const pool = new Pool(make, () => ({ cores: 2 }));
  pool.treeGames.add("hex");
  pool.start();
  await pool.whenReady(1);
  const [search] = pool.search({ game: "hex", moves: [], level: 3, seed: 0 }, 1);
  pool.free();
  const answer = await search.answer;
  assert.equal(answer.ok, false);
  assert.equal(mergeRequest({ game: "hex", moves: [] }, [{ ok: true, root: ROOT_A }, answer]), null);
});

test("the page hidden a while frees the pool; shown again before that, it keeps it", async () => {
  const { make } = fakeWorkers();
  const pool = new Pool(make, () => ({ cores: 3 }));
  const doc = new EventTarget();
  pool.watchVisibility(doc);
  pool.hiddenMs = 5;
  pool.start();
  doc.visibilityState = "hidden";
  doc.dispatchEvent(new Event("visibilitychange"));
  doc.visibilityState = "visible";
  doc.dispatchEvent(new Event("visibilitychange"));
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(pool.state().started, 2);
  doc.visibilityState = "hidden";
  doc.dispatchEvent(new Event("visibilitychange"));
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(pool.state().started, 0);
  await tick();
});
