// The problem solver (web/problem.js) under Node with a canned engine: the reader's move is
// judged by the engine's problem op, the defender's reply is played, a refuted try is shown
// then taken back, and the result is kept.  Chromium proves the page
// (tests/test_problems_room.py); this proves the controller's order of events.
import "./vocabulary.mjs";  // site.json's words, learnt as the page learns them
import assert from "node:assert/strict";
import { test } from "node:test";
import { Solver, solutionText } from "../../web/problem.js";

// A canned problem, "win in 2" from position P: the key k, the defence r, the win w; any other
// first move is refuted by x.  Every request of the table must carry the position.
function cannedEngine() {
  const legal = ["k", "t", "r", "x", "w"].map((name) => ({ name, clicks: [name] }));
  const view = (moves) => ({
    ok: true, game: "canned", moves: [...moves], ply: moves.length, players: 2, to_move: moves.length % 2,
    legal, pieces: {}, movers: moves.map((_, i) => i % 2), last: null,
    outcome: moves.at(-1) === "w" ? { winner: 0, reason: "won", cells: [] } : null,
  });
  const engine = {
    asked: [],
    async request(request) {
      engine.asked.push(request);
      const moves = request.moves || [];
      if (request.op === "problem" && request.step === "open") {
        return { ok: true, spec: "canned", position: "P", goal: "win:2", n: 2, attacker: 0, keys: ["k"], line: ["k", "r", "w"], id: "0123abcd" };
      }
      if (request.op === "problem" && request.step === "move") {
        if (request.move === "w" && moves.join() === "k,r") return { ok: true, verdict: "solved", move: "w", reply: null, left: 0 };
        if (request.move === "k" && !moves.length) return { ok: true, verdict: "correct", move: "k", reply: "r", left: 1 };
        return { ok: true, verdict: "wrong", move: request.move, reply: "x", reason: "escapes", left: 1 };
      }
      assert.equal(request.position, "P", `${request.op} starts from the problem's position`);
      if (request.op === "view") return view(moves);
      if (request.op === "play") return { ...view([...moves, request.move]), played: request.move };
      return { ok: false, error: "op" };
    },
    think() { throw new Error("no bot plays in a problem"); },
    stop() {},
  };
  return engine;
}

function kept() {
  const store = {};
  globalThis.localStorage = { getItem: (key) => store[key] ?? null, setItem: (key, value) => { store[key] = value; } };
  return () => JSON.parse(store["tavoliere.problems"] || "{}");
}

async function opened() {
  const engine = cannedEngine();
  const solver = new Solver(engine, { pause: 0, takeBack: 0 });
  const said = [];
  solver.addEventListener("message", ({ detail }) => said.push(detail.key || detail.answer.error));
  const answer = await solver.open({ game: "canned", id: "0123abcd" });
  assert.equal(answer.ok, true);
  return { engine, solver, said };
}

const settled = (solver, phase) => new Promise((resolve) => {
  const check = () => { if (solver.phase === phase) { solver.removeEventListener("change", check); resolve(); } };
  solver.addEventListener("change", check);
  check();
});

test("the reader plays the side that must win; the defender's seat is no bot and no person", async () => {
  const { solver } = await opened();
  assert.equal(solver.phase, "solving");
  assert.equal(solver.table.humanToMove(), true);
  assert.deepEqual(solver.table.players.map((p) => p.kind), ["human", "problem"]);
});

test("a correct move is answered with the defence, and the win solves the problem", async () => {
  const results = kept();
  const { solver, said } = await opened();
  await solver.table.play("k");
  await settled(solver, "solving");
  assert.deepEqual(solver.table.history.moves, ["k", "r"]);
  assert.equal(said.at(-1), "problem.correct");
  const finished = new Promise((resolve) => solver.addEventListener("finished", ({ detail }) => resolve(detail.result)));
  await solver.table.play("w");
  assert.equal(await finished, "solved");
  assert.equal(said.at(-1), "problem.solved");
  assert.deepEqual(results(), { "canned:0123abcd": "solved" });
});

test("a wrong try is refuted on the board, then taken back; it counts as a miss", async () => {
  const results = kept();
  const { solver, said } = await opened();
  const phases = [];
  solver.addEventListener("change", () => phases.push(solver.phase));
  await solver.table.play("t");
  await settled(solver, "refuted");
  assert.deepEqual(solver.table.history.line(), ["t", "x"]);
  assert.equal(said.at(-1), "problem.wrong.escapes");
  await settled(solver, "solving");
  assert.equal(solver.table.history.cursor, 0);
  assert.ok(phases.indexOf("refuted") < phases.lastIndexOf("solving"));
  assert.deepEqual(results(), { "canned:0123abcd": "missed" });
  // the right move after the miss still solves, but the miss is what is kept
  await solver.table.play("k");
  await settled(solver, "solving");
  assert.deepEqual(solver.table.history.moves, ["k", "r"]);
  await solver.table.play("w");
  await settled(solver, "solved");
  assert.equal(said.at(-1), "problem.solved-late");
  assert.deepEqual(results(), { "canned:0123abcd": "missed" });
});

test("the solution is shown on the board and in words, numbered as a magazine prints it", async () => {
  kept();
  const { solver, said } = await opened();
  await solver.showSolution();
  assert.equal(solver.phase, "shown");
  assert.deepEqual(solver.table.history.moves, ["k", "r", "w"]);
  assert.equal(solver.table.humanToMove(), false);
  assert.equal(said.at(-1), "problem.solution");
  assert.equal(solutionText(["a", "b", "c", "d", "e"]), "1. a b 2. c d 3. e");
});

test("no tap counts and no target shows while the defence's reply or a refuted try is on view", async () => {
  kept();
  const { solver } = await opened();
  await solver.table.play("t");
  await settled(solver, "refuted");
  solver.click("k");
  await solver.table.clicking;
  assert.deepEqual(solver.table.history.line(), ["t", "x"]);
  assert.deepEqual(solver.picture().targets, []);
  await settled(solver, "solving");
  assert.ok(solver.picture().targets.length > 0);
});

// Task "goprob": a capture problem (goal capture:N) says "capture" where a win problem says "win".
test("a capture problem's stipulation and messages speak of captures", async () => {
  const { stipulation, goalText, goalKind } = await import("../../web/problem.js");
  const words = { player: (p) => ["Black", "White"][p] };
  const text = (key, params) => `${key}|${params.player}|${params.count}`;
  assert.equal(stipulation({ attacker: 0, n: 2, kind: "capture" }, text, words), "problem.capture.stipulation|Black|2");
  assert.equal(stipulation({ attacker: 1, n: 1, goal: "capture:1" }, text, words), "problem.capture.stipulation|White|1");
  assert.equal(stipulation({ attacker: 1, n: 3, goal: "win:3" }, text, words), "problem.stipulation|White|3");
  assert.equal(goalKind({ goal: "win:2" }), "win");
  assert.equal(goalText("problem.correct", { kind: "capture" }), "problem.capture.correct");
  assert.equal(goalText("problem.wrong.loses", { kind: "capture" }), "problem.wrong.loses");  // a capture goal never loses
  assert.equal(goalText("problem.solved", { kind: "win" }), "problem.solved");
});
