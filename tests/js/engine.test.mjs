// The worker client (web/engine.js) under Node with a fake Worker: the room's engine starts
// its worker only when told (after the first board is painted), and what was asked before
// reaches the worker then, in order.
import assert from "node:assert/strict";
import { test } from "node:test";

const made = [];
globalThis.self = globalThis;
globalThis.location = new URL("http://localhost/index.html");
globalThis.Worker = class {
  constructor(url, options) {
    this.options = options;
    this.posted = [];
    made.push(this);
  }
  postMessage(message) { this.posted.push(message); }
  terminate() { this.terminated = true; }
};
const { Engine } = await import("../../web/engine.js");

test("an engine made for later starts no worker until start(), then gets what was asked", () => {
  made.length = 0;
  const engine = new Engine(() => {}, { later: true });
  assert.equal(made.length, 0);
  engine.request({ op: "games" });
  engine.request({ op: "view", game: "barrier" });
  assert.equal(made.length, 0);
  engine.start();
  assert.equal(made.length, 1);
  assert.deepEqual(made[0].posted.map((message) => message.request.op), ["games", "view"]);
  engine.start();  // once only
  assert.equal(made.length, 1);
});

test("an engine made now starts its worker at once; its ready waits for the worker's word", async () => {
  made.length = 0;
  const engine = new Engine(() => {});
  assert.equal(made.length, 1);
  let ready = false;
  engine.ready.then(() => { ready = true; });
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(ready, false);
  made[0].onmessage({ data: { type: "status", stage: "ready" } });
  await engine.ready;
  engine.restart();  // a fresh worker, and a fresh wait for it
  assert.equal(made.length, 2);
  assert.ok(made[0].terminated);
});
